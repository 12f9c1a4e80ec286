/*
** marrow.h -- the public C API of marrow, a small embeddable Lisp that
** speaks a dialect of GNU Emacs Lisp.  This is the only installed
** header: a host program includes it and links with -lmarrow
** (`pkg-config --cflags --libs marrow`).
**
** The model is Lua's lua.h:
**
**   - One state pointer.  `marrow_open` creates a runtime; every call
**     takes it first.  There are no globals: several runtimes may live
**     in one process, each used by one thread at a time, and different
**     runtimes may run in different threads at the same moment.
**
**   - Protected calls.  Every entry point that can run Lisp code or
**     allocate catches every Lisp error and non-local exit itself and
**     returns a status code; nothing ever longjmps into the host.  After
**     MARROW_ERROR, `marrow_error_value` and `marrow_error_message`
**     describe the error and the runtime stays usable.
**
**   - Values.  A `marrow_value` is an opaque 64-bit word.  Copy it
**     freely; never look inside it.  A value held in a C local variable
**     (on the stack of the thread using the runtime) is safe across
**     every call: the collector scans the C stack conservatively.  A
**     value stored anywhere else -- a malloc'd struct, a global -- must
**     be protected with a reference (`marrow_ref`), or the collector
**     will free it.
**
**   - Primitives from C.  `marrow_defun` makes a C function callable
**     from Lisp.  Inside such a function, `marrow_signal` and
**     `marrow_error` raise a Lisp error that Lisp `condition-case` can
**     catch.  They are the only calls that do not return; use them only
**     inside a primitive (outside every protected call there is nowhere
**     to go, and the process ends with status 255, as lua_error does
**     without a protected call).
**
** The guide for hosts is docs/embedding.md; examples/embed.c is a
** complete small host.
*/
#ifndef MARROW_H
#define MARROW_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#define MARROW_NORETURN [[noreturn]]
#else
#define MARROW_NORETURN _Noreturn
#endif

/* ================================================================== */
/* Version                                                            */
/* ================================================================== */

#define MARROW_VERSION_MAJOR 0
#define MARROW_VERSION_MINOR 1
#define MARROW_VERSION_PATCH 0
#define MARROW_VERSION "0.1.0"
/* MAJOR * 10000 + MINOR * 100 + PATCH, for #if comparisons. */
#define MARROW_VERSION_NUM \
  (MARROW_VERSION_MAJOR * 10000 + MARROW_VERSION_MINOR * 100 + MARROW_VERSION_PATCH)

/* The version of the library actually linked, e.g. "0.1.0". */
const char *marrow_version(void);

/* ================================================================== */
/* Runtimes                                                           */
/* ================================================================== */

typedef struct marrow marrow;
typedef uint64_t marrow_value;

/* Status codes returned by the protected calls. */
enum marrow_status {
  MARROW_OK = 0,    /* finished normally */
  MARROW_ERROR = 1, /* an uncaught Lisp error (or an uncaught throw, which
                       Lisp reports as the error `no-catch') */
  MARROW_EXIT = 2   /* Lisp called (kill-emacs CODE): see marrow_exit_code;
                       no unwind-protect cleanup ran, as in Emacs */
};

/* The vector free-list search policy of the heap (docs/gc.md). */
enum marrow_vector_policy {
  MARROW_POLICY_DEFAULT = 0, /* MARROW_VECTOR_POLICY from the environment,
                                else the built-in default */
  MARROW_POLICY_SCAN,
  MARROW_POLICY_HINT,
  MARROW_POLICY_BITMAP
};

/* Where Lisp output goes: standard output (princ, print, ...) and the
   error stream (message, the collector's log).  N bytes, not
   NUL-terminated. */
typedef void (*marrow_write_fn)(void *userdata, const char *buf, size_t n);

/* Options for marrow_open.  A zeroed struct (or a NULL pointer) means
   "all defaults"; marrow_options_init fills in exactly that.  Settings
   left at zero fall back to the MARROW_* environment variables and then
   to Emacs's defaults. */
typedef struct marrow_options {
  size_t heap_limit;       /* bytes of heap plus external data (string
                              data, hash storage, GMP limbs: heap_bytes +
                              external_bytes of marrow_stats); past it Lisp
                              gets memory-full (see
                              marrow_error_is_memory_full).  0: $MARROW_HEAP_LIMIT,
                              else no limit */
  size_t gc_threshold;     /* gc-cons-threshold in bytes; 0: 800000 */
  double gc_percentage;    /* gc-cons-percentage; 0: 0.1 */
  enum marrow_vector_policy vector_policy;
  int gc_log;              /* nonzero: one line per collection on stderr */
  int gc_stress;           /* nonzero: collect before every allocation */
  int no_lisp_library;     /* nonzero: do not preload lisp/subr.el */
  const char *lisp_dir;    /* Lisp library directory; NULL: $MARROW_LISP_DIR,
                              else the build tree's, else the installed one */
  int debug;               /* nonzero: print a Lisp backtrace on errors
                              (sets debug-on-error) */
  int interactive;         /* nonzero: `noninteractive' is nil */
  marrow_write_fn write_out; /* NULL: stdout */
  marrow_write_fn write_err; /* NULL: stderr */
  void *write_userdata;
  int gc_generations;      /* 1: minor collections between full ones;
                              -1: every collection full; 0:
                              $MARROW_GC_GENERATIONAL (0 is off), else on */
  int batch_backtrace;     /* nonzero: an error nothing catches enters
                              `debug' as in Emacs -batch (a backtrace on
                              stderr, then kill-emacs -1) while
                              backtrace-on-error-noninteractive is set */
} marrow_options;

void marrow_options_init(marrow_options *opts);

/* Creates a runtime: the heap, the builtin functions and (unless told
   otherwise) the preloaded Lisp library.  Returns NULL when memory or
   the Lisp library cannot be had. */
marrow *marrow_open(const marrow_options *opts);
/* Frees every byte the runtime owns.  Values and references from it
   become invalid.  NULL is allowed. */
void marrow_close(marrow *M);

/* ================================================================== */
/* Evaluation (protected: each returns an enum marrow_status)         */
/* ================================================================== */

/* Reads and evaluates every form in the NUL-terminated CODE; *RESULT
   (may be NULL) gets the value of the last one (nil for none). */
int marrow_eval_string(marrow *M, const char *code, marrow_value *result);
/* The same for LEN bytes; NAME (may be NULL) names the source in read
   errors, which then carry NAME:line:column. */
int marrow_eval_buffer(marrow *M, const char *code, size_t len, const char *name,
                       marrow_value *result);
/* Evaluates one form, its macros expanded first as load expands a
   file's top-level forms. */
int marrow_eval(marrow *M, marrow_value form, marrow_value *result);
/* Evaluates one form as (eval FORM t) does, its macros expanded as
   they run (Emacs's --eval). */
int marrow_eval_expression(marrow *M, marrow_value form, marrow_value *result);
/* Reads one object from CODE, without evaluating it. */
int marrow_read(marrow *M, const char *code, marrow_value *result);
/* (load FILE nil t): FILE as given when it exists, otherwise searched
   along load-path with the ".el" suffix. */
int marrow_load_file(marrow *M, const char *file);
/* Calls FN (a symbol or a function value) with NARGS arguments. */
int marrow_call(marrow *M, marrow_value fn, int nargs, const marrow_value *args,
                marrow_value *result);
/* Calls the function named NAME. */
int marrow_call_named(marrow *M, const char *name, int nargs, const marrow_value *args,
                      marrow_value *result);
/* Runs BODY(M, DATA) as inside a call of the function NAME with the
   NARGS arguments ARGS: backtrace, backtrace-frames, mapbacktrace and
   the debugger show that frame outside whatever BODY evaluates (as
   Emacs's show its startup functions, command-line-1 and the rest).
   Returns BODY's status, or MARROW_ERROR when the frame cannot be
   made (NAME NULL). */
typedef int (*marrow_frame_body)(marrow *M, void *data);
int marrow_in_frame(marrow *M, const char *name, int nargs, const marrow_value *args,
                    marrow_frame_body body, void *data);

/* After MARROW_ERROR: the error as Lisp sees it in condition-case,
   (ERROR-SYMBOL . DATA); nil when the last call succeeded. */
marrow_value marrow_error_value(marrow *M);
/* After MARROW_ERROR: the message Emacs prints for it, e.g.
   "Wrong type argument: listp, 1".  NULL when there is no error.  The
   text belongs to M and lives until the next call that can fail. */
const char *marrow_error_message(marrow *M);
/* After MARROW_ERROR: nonzero when the error is memory-full (the heap
   limit or the system ran out).  Lisp sees that as Emacs does, the
   list in `memory-signal-data' -- (error "Memory exhausted--use C-x s
   then exit and restart Emacs") -- signalled as the error object itself
   (the variable `memory-full' is set to t); there is no error symbol
   `memory-full'.  The host tells it from other errors by this call,
   which compares the error with the object signalled, never its text. */
int marrow_error_is_memory_full(marrow *M);
/* After MARROW_EXIT: the exit code given to kill-emacs (0 for nil). */
int marrow_exit_code(marrow *M);

/* ================================================================== */
/* Values                                                             */
/* ================================================================== */

/* Constructors may collect and may run out of memory.  On failure
   (only memory-full, or an argument a constructor cannot accept)
   they return nil and set the error as a protected call would. */

marrow_value marrow_nil(marrow *M);
marrow_value marrow_t(marrow *M);
marrow_value marrow_bool(marrow *M, int truth); /* t or nil */

/* Integers: fixnums and bignums are one type, as in Lisp. */
marrow_value marrow_int(marrow *M, int64_t n);
marrow_value marrow_uint(marrow *M, uint64_t n);
/* Parses an integer in BASE (2..36), with an optional sign.  Returns
   MARROW_ERROR (and sets the error) when TEXT is not one. */
int marrow_parse_integer(marrow *M, const char *text, int base, marrow_value *result);
/* Nonzero, and sets *OUT, when V is an integer that fits in int64_t. */
int marrow_get_int64(marrow *M, marrow_value v, int64_t *out);
/* The digits of integer V in BASE, malloc'd (release with marrow_free);
   NULL when V is not an integer or memory is short. */
char *marrow_integer_to_string(marrow *M, marrow_value v, int base);

#ifdef MARROW_WITH_GMP
/* Define MARROW_WITH_GMP (and include <gmp.h> first) for these; a host
   that uses them links GMP itself (-lgmp). */
marrow_value marrow_from_mpz(marrow *M, mpz_srcptr z);
/* Nonzero, and copies V into OUT (mpz_init'ed by the caller), when V is
   an integer. */
int marrow_get_mpz(marrow *M, marrow_value v, mpz_ptr out);
#endif

marrow_value marrow_float(marrow *M, double d);
/* Nonzero, and sets *OUT, when V is a number (integers are converted). */
int marrow_get_double(marrow *M, marrow_value v, double *out);

/* Strings hold UTF-8.  The data pointer stays valid as long as the
   string is reachable; it is NUL-terminated. */
marrow_value marrow_string(marrow *M, const char *s, size_t len);
marrow_value marrow_cstring(marrow *M, const char *s);
const char *marrow_string_data(marrow *M, marrow_value v, size_t *len); /* NULL if not a string */

marrow_value marrow_intern(marrow *M, const char *name);
const char *marrow_symbol_name(marrow *M, marrow_value v); /* NULL if not a symbol */

marrow_value marrow_cons(marrow *M, marrow_value car, marrow_value cdr);
marrow_value marrow_car(marrow *M, marrow_value v); /* nil unless V is a cons */
marrow_value marrow_cdr(marrow *M, marrow_value v);
marrow_value marrow_list(marrow *M, size_t n, const marrow_value *items);

marrow_value marrow_vector(marrow *M, size_t n, marrow_value init);
size_t marrow_vector_length(marrow *M, marrow_value v); /* 0 unless a vector */
marrow_value marrow_aref(marrow *M, marrow_value v, size_t i); /* nil out of range */
int marrow_aset(marrow *M, marrow_value v, size_t i, marrow_value x); /* 0 out of range */

/* Global (special) variables. */
int marrow_set_global(marrow *M, const char *name, marrow_value v);
/* Nonzero, and sets *OUT, when NAME is bound. */
int marrow_get_global(marrow *M, const char *name, marrow_value *out);

/* ---- Predicates and equality ---- */
enum marrow_type {
  MARROW_TNIL,
  MARROW_TINTEGER,
  MARROW_TFLOAT,
  MARROW_TSTRING,
  MARROW_TSYMBOL, /* other than nil */
  MARROW_TCONS,
  MARROW_TVECTOR,
  MARROW_TFUNCTION,
  MARROW_THASH_TABLE,
  MARROW_TOTHER
};
enum marrow_type marrow_type_of(marrow *M, marrow_value v);
int marrow_is_nil(marrow_value v);
int marrow_is_integer(marrow *M, marrow_value v);
int marrow_is_fixnum(marrow_value v);
int marrow_is_float(marrow_value v);
int marrow_is_number(marrow *M, marrow_value v);
int marrow_is_string(marrow_value v);
int marrow_is_symbol(marrow_value v);
int marrow_is_cons(marrow_value v);
int marrow_is_list(marrow_value v); /* a cons or nil */
int marrow_is_vector(marrow *M, marrow_value v);
int marrow_is_function(marrow *M, marrow_value v);
int marrow_eq(marrow_value a, marrow_value b);
int marrow_equal(marrow *M, marrow_value a, marrow_value b); /* Lisp's equal */

/* ---- Printing ---- */
/* The printed form of V as a Lisp string: as prin1 when ESCAPE is
   nonzero, as princ otherwise.  nil (and the error set) on failure. */
marrow_value marrow_print(marrow *M, marrow_value v, int escape);
/* The same into BUF, snprintf-style: writes at most SIZE bytes
   including a NUL and returns the full length. */
size_t marrow_print_buf(marrow *M, marrow_value v, int escape, char *buf, size_t size);

/* Releases memory the API returned with malloc. */
void marrow_free(void *p);

/* ================================================================== */
/* Primitives written in C                                            */
/* ================================================================== */

/* A primitive receives its arguments as an array: missing &optional
   arguments are padded with nil up to MAX_ARGS, so it may always read
   args[0 .. max_args-1]; with MARROW_MANY it gets exactly NARGS. */
typedef marrow_value (*marrow_cfunction)(marrow *M, int nargs, const marrow_value *args,
                                         void *userdata);
#define MARROW_MANY (-1) /* max_args for &rest */

/* Defines NAME as a Lisp function.  Returns MARROW_OK or MARROW_ERROR
   (bad arity, memory). */
int marrow_defun(marrow *M, const char *name, marrow_cfunction fn, int min_args,
                 int max_args, void *userdata);

/* Only inside a primitive: signal the Lisp error (ERROR-SYMBOL . DATA),
   as Lisp's `signal'.  Control leaves the primitive (like lua_error). */
MARROW_NORETURN void marrow_signal(marrow *M, marrow_value error_symbol, marrow_value data);
/* Only inside a primitive: (error FORMAT...) with a printf format. */
MARROW_NORETURN void marrow_error(marrow *M, const char *fmt, ...)
  __attribute__((format(printf, 2, 3)));
/* Only inside a primitive: signal wrong-type-argument (PREDICATE VALUE),
   e.g. marrow_wrong_type(M, "stringp", v). */
MARROW_NORETURN void marrow_wrong_type(marrow *M, const char *predicate, marrow_value value);
/* (define-error NAME MESSAGE PARENT): PARENT NULL means `error'. */
int marrow_define_error(marrow *M, const char *name, const char *message,
                        const char *parent);

/* ================================================================== */
/* References: values stored outside the C stack                      */
/* ================================================================== */

/* Protects V from the collector until marrow_unref, and returns a
   small positive integer naming it (0 on failure).  Like Lua's
   luaL_ref: store the integer, not the value. */
int marrow_ref(marrow *M, marrow_value v);
marrow_value marrow_deref(marrow *M, int ref); /* nil for a released ref */
void marrow_unref(marrow *M, int ref);

/* ================================================================== */
/* The collector                                                      */
/* ================================================================== */

typedef struct marrow_kind_stats {
  size_t used, free;           /* objects (vector slots: words) */
  size_t used_bytes, free_bytes;
} marrow_kind_stats;

typedef struct marrow_stats {
  uint64_t gcs_done;
  double gc_elapsed;           /* seconds, all collections */
  double mark_time, sweep_time;
  size_t heap_bytes;           /* memory held in blocks and large objects */
  size_t live_bytes_after_gc;
  size_t bytes_since_gc;
  size_t external_bytes;       /* string data, hash storage, GMP limbs */
  size_t gmp_bytes;            /* of which GMP limbs */
  marrow_kind_stats conses, floats, symbols, strings, vectors, large;
} marrow_stats;

/* Runs a full collection.  Returns MARROW_OK or MARROW_ERROR. */
int marrow_collect(marrow *M);
void marrow_get_stats(marrow *M, marrow_stats *out);
void marrow_set_heap_limit(marrow *M, size_t bytes); /* 0: none */
void marrow_set_gc_log(marrow *M, int on);

/* Conservative stack scanning needs the bounds of the stack of the
   thread using M.  They are found automatically on every entry; a host
   may also call this first thing in a new thread. */
void marrow_attach_thread(marrow *M);

/* The runtime's host pointer, for primitives that need host state. */
void marrow_set_userdata(marrow *M, void *p);
void *marrow_userdata(marrow *M);

#ifdef __cplusplus
}
#endif

#endif
