/* eval.h -- layer 5: the evaluator: special forms, closures, funcall/apply, macros. */
#ifndef MARROW_EVAL_H
#define MARROW_EVAL_H

#include "runtime.h"

/* Defines this module's primitives and variables in RT. */
void eval_init(mrt *rt);

/* Evaluate FORM at top level (lexical-binding t, empty environment).
   Expands macros in FORM once, then runs it. */
mval eval_form(mrt *rt, mval form);
/* Evaluate FORM as (eval FORM t) does: its macros expanded as they are
   met, none ahead. */
mval eval_expression(mrt *rt, mval form);
/* The same with lexical-binding LEXICAL: nil binds every variable
   dynamically, as for a file without the lexical-binding cookie. */
mval eval_toplevel_form(mrt *rt, mval form, bool lexical);
/* Until the next unbind_to, a text of its own is read (a file loaded,
   a buffer evaluated): the bare (defvar SYM)s at its top level make SYM
   special only until it ends, as Emacs gives each such text a lexical
   environment of its own, and those of the text around it do not hold
   in it. */
void eval_begin_declarations(mrt *rt);
/* Call FN (symbol, subr, closure) with ARGS; checks arity. */
mval funcall(mrt *rt, mval fn, int nargs, mval *args);
mval call0(mrt *rt, mval fn);
mval call1(mrt *rt, mval fn, mval a);

/* FN(A, B), or Qunbound should it signal, its error then in *ERROR
   (else nil); memory running out is signalled on. */
mval call_or_fail(mrt *rt, mval (*fn)(mrt *, mval, mval), mval a, mval b, mval *error);
mval call2(mrt *rt, mval fn, mval a, mval b);
mval call3(mrt *rt, mval fn, mval a, mval b, mval c);
/* Non-nil when FN is callable. */
bool functionp(mrt *rt, mval fn);
/* The list (closure ENV ARGS . BODY) that closure FN is in Emacs 28:
   made at the first look and kept in FN, so that its parts stay eq.
   Each look shows the current values of captured variables that a
   setq can change.  Changing the list changes what Lisp code sees of
   FN, not what FN does when called. */
mval closure_as_list(mrt *rt, mval fn);
/* X as the primitives that take lists see it: a closure's list, or X. */
static inline mval closure_list_view(mrt *rt, mval x)
{
  return PVECP(x, PVEC_CLOSURE) ? closure_as_list(rt, x) : x;
}
/* What a list primitive given X, seen as the list VIEW, returns for
   RESULT: X itself when RESULT is that list, so that a closure comes
   back eq to itself, as the cons it is in Emacs. */
static inline mval closure_same_head(mval x, mval view, mval result)
{
  return result == view ? x : result;
}

/* Emacs's autoload queue.  A file loaded by an autoload or `require'
   runs between eval_begin_undoable_load and eval_end_undoable_load
   (given what the first returned); should it signal, the function
   definitions it replaced and the features list are put back, as
   Emacs does (functions it defined anew stay).  fset and provide
   call eval_note_fset and eval_note_provide before their change. */
size_t eval_begin_undoable_load(mrt *rt);
void eval_end_undoable_load(mrt *rt, size_t count);
void eval_note_fset(mrt *rt, mval sym);
void eval_note_provide(mrt *rt, mval features);

/* SYM becomes special (defvar, defvaralias): later lets bind it
   dynamically, also in functions analysed before. */
void eval_make_special(mrt *rt, mval sym);

/* The Lisp backtrace, innermost call first: a list of frames
   (FUNCTION ARG...), for --debug.  Call it from rt->on_signal, before
   the handlers unwind the frames. */
mval eval_backtrace(mrt *rt);

/* One backtrace record: the call (FN ARGS...) in progress.  A negative
   NARGS, -(FIXED + 1), marks a function whose arguments past its FIXED
   parameters were packed into its &rest list, args[FIXED].  Records
   live on the C stack; a non-local exit restores rt->backtrace. */
struct form_rec;
struct bt_frame {
  struct bt_frame *prev;
  mval fn;
  mval *args;
  int nargs;
  /* The evaluator's call: its form and the forms around it, which
     the backtrace shows as unevaluated frames; NULL for funcall's. */
  const struct form_rec *site;
};

/* Shows the call (FN ARGS...) in the backtrace until eval_pop_frame, for
   work done in C that Emacs does in a Lisp function (load's
   load-with-code-conversion, the command line's startup functions).
   ARGS must stay reachable and unchanged meanwhile. */
static inline void eval_push_frame(mrt *rt, struct bt_frame *f, mval fn, int nargs, mval *args)
{
  *f = (struct bt_frame){rt->backtrace, fn, args, nargs, NULL};
  rt->backtrace = f;
}
static inline void eval_pop_frame(mrt *rt, struct bt_frame *f) { rt->backtrace = f->prev; }

/* Signal (error "Evaluation step limit exceeded") once STEPS more
   function calls and loop iterations have run; 0 removes the limit.
   For fuzzing harnesses that evaluate generated programs. */
void eval_set_step_limit(mrt *rt, uint64_t steps);
/* Counts STEPS units of work done outside the evaluator (a regexp
   search, say) against that limit. */
void eval_charge_steps(mrt *rt, int64_t steps);
/* Runs the pending finalizers (sysfns_run_finalizers) at the next call
   or loop turn: the point where running Lisp is safe.  Called after a
   collection, which may have happened inside any allocation. */
void eval_request_safe_point(mrt *rt);
/* Runs them now (garbage-collect does), unless a run is in progress:
   that run takes them, in the order found, rather than one finalizer's
   first step running all the others inside it. */
void eval_run_safe_point(mrt *rt);

/* Calls byte-code function FN, named NAME (for the backtrace), on the
   NARGS arguments at rt->stack[base ..], the top of the stack, counting
   the call as funcall does. */
mval eval_call_compiled(mrt *rt, mval fn, mval name, int nargs, size_t base);

/* Signals excessive-lisp-nesting unless NEED more bytes of C stack
   are left: for the byte-code interpreter's own recursion. */
void eval_check_c_stack(mrt *rt, size_t need);

/* Notes for other modules:
   - eval_init reserves rt->stack once; frames keep raw pointers into
     it, so nothing may grow (move) it afterwards.
   - A subr with max_args == ARGS_UNEVALLED defined by another module is
     called as fn(rt, 1, &ARGS) with the unevaluated argument list. */
#endif
