/*
** sysfns.c -- layer 5: process exit, the environment, and the
** collector seen from Lisp.
**
** Invariants:
**   - Nothing here calls exit().  kill-emacs throws to KILL_EMACS_TAG
**     (sysfns.h); the API layer catches it and reports MARROW_EXIT, so
**     a host process survives a script's kill-emacs.
**   - The collector's Lisp variables follow Emacs: gcs-done and
**     gc-elapsed are refreshed after every collection (the collector's
**     after-collect hook, which may allocate); gc-cons-threshold,
**     gc-cons-percentage and garbage-collection-messages are read back
**     at the same moments (and by garbage-collect), so a change made
**     from Lisp governs the collections after the next one.
**   - Introspection never allocates while walking the heap: it counts
**     first, allocates, then fills.
*/
#include "config.h"
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1 /* sched_getaffinity */
#endif

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <grp.h>
#include <pwd.h>
#include <sched.h>
#include <unistd.h>

#include "sysfns.h"
#include "buffer.h"
#include "process.h"
#include "bignum.h"
#include "printer.h"
#include "eval.h"
#include "heapmap.h"
#include "reader.h"
#include "strfns.h"
#include "variables.h"
#include "fns.h"
#include "textprop.h"

/* ================================================================== */
/* Process and environment                                            */
/* ================================================================== */

_Noreturn void throw_kill_emacs(mrt *rt, mval code)
{
  rt->killing = true;
  mrt_throw(rt, KILL_EMACS_TAG, code);
}

/* (kill-emacs &optional ARG RESTART): an integer ARG is the exit code;
   anything else means success, as in Emacs. */
static mval Fkill_emacs(mrt *rt, int nargs, mval *args)
{
  run_hook(rt, intern(rt, "kill-emacs-hook"));
  int64_t code = FIXNUMP(args[0]) ? XFIXNUM(args[0]) : 0;
  throw_kill_emacs(rt, make_fixnum(code));
}

/* The environment is process-environment, a list of "NAME=VALUE"
   strings (a bare "NAME" unsets NAME), the first for a name counting,
   as in Emacs: each runtime has its own, and programs it runs get it.
   Only TZ also goes to the C library's environment, which is the local
   time zone of the whole process, as Emacs's set-time-zone-rule. */
static mval process_environment(mrt *rt) { return intern(rt, "process-environment"); }

bool environment_entry_named(const char *entry, size_t len, const char *name, size_t n)
{
  return len >= n && memcmp(entry, name, n) == 0 && (len == n || entry[n] == '=');
}

/* Whether ENTRY is NAME's: "NAME=..." or "NAME". */
static bool environment_entry_p(mval entry, mval name)
{
  return STRINGP(entry)
         && environment_entry_named((const char *)XSTRING(entry)->data, (size_t)XSTRING(entry)->nbytes,
                                    (const char *)XSTRING(name)->data, (size_t)XSTRING(name)->nbytes);
}

/* NAME's value in process-environment, or nil when it is unset. */
mval environment_value(mrt *rt, mval name)
{
  mval env = find_symbol_value(rt, process_environment(rt));
  for (; CONSP(env); env = XCDR(env))
    if (environment_entry_p(XCAR(env), name)) {
      mval entry = XCAR(env);
      size_t n = (size_t)XSTRING(name)->nbytes;
      if ((size_t)XSTRING(entry)->nbytes == n)
        return Qnil;
      return make_string(rt, (const char *)XSTRING(entry)->data + n + 1,
                         (size_t)XSTRING(entry)->nbytes - n - 1);
    }
  return Qnil;
}

static mval Fgetenv(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  return environment_value(rt, args[0]);
}

/* process-environment's first value: the C environment, newest last
   read first, as Emacs builds it. */
static mval environment_list(mrt *rt)
{
  extern char **environ;
  mval list = Qnil;
  for (char **e = environ; e && *e; e++)
    list = Fcons(rt, make_cstring(rt, *e), list);
  return list;
}

static mval Femacs_pid(mrt *rt, int nargs, mval *args) { return make_int(rt, (int64_t)getpid()); }

/* An OpenMP environment variable's leading count, as gnulib's nproc
   reads it: digits followed by blanks, a comma or the end; 0 if none. */
static unsigned long omp_count(const char *name)
{
  const char *text = getenv(name);
  if (!text)
    return 0;
  char *end;
  while (*text == ' ' || *text == '\t')
    text++;
  if (*text < '0' || *text > '9')
    return 0;
  unsigned long n = strtoul(text, &end, 10);
  while (*end == ' ' || *end == '\t')
    end++;
  return *end == '\0' || *end == ',' ? n : 0;
}

/* The processors this process may run on. */
static long processors_available(void)
{
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    return CPU_COUNT(&set);
  return sysconf(_SC_NPROCESSORS_ONLN);
}

/* As Emacs 28 counts them (gnulib's nproc): `all' installed, `current'
   available to this process, and for any other QUERY those, unless
   OMP_NUM_THREADS asks for another number, at most OMP_THREAD_LIMIT. */
static mval Fnum_processors(mrt *rt, int nargs, mval *args)
{
  mval query = nargs > 0 ? args[0] : Qnil;
  long n;
  if (query == intern(rt, "all")) {
    n = sysconf(_SC_NPROCESSORS_CONF);
  } else if (query == intern(rt, "current")) {
    n = processors_available();
  } else {
    unsigned long wanted = omp_count("OMP_NUM_THREADS"), limit = omp_count("OMP_THREAD_LIMIT");
    n = wanted > 0 ? (long)wanted : processors_available();
    if (limit > 0 && (unsigned long)n > limit)
      n = (long)limit;
  }
  return make_fixnum(n > 0 ? n : 1);
}
static mval Fuser_uid(mrt *rt, int nargs, mval *args) { return make_int(rt, (int64_t)geteuid()); }
static mval Fuser_real_uid(mrt *rt, int nargs, mval *args) { return make_int(rt, (int64_t)getuid()); }

static mval Fsystem_name(mrt *rt, int nargs, mval *args)
{
  char host[256];
  if (gethostname(host, sizeof host) != 0)
    return make_cstring(rt, "localhost");
  host[sizeof host - 1] = 0;
  return make_cstring(rt, host);
}

/* A user or group id given as Emacs takes one: a natural number, an
   integral float, or a cons (HI . LO) standing for HI * 2^16 + LO. */
static uint32_t lisp_to_id(mrt *rt, mval x)
{
  double v = -1;
  if (FIXNUMP(x))
    v = (double)XFIXNUM(x);
  else if (FLOATP(x) && XFLOAT(x) == floor(XFLOAT(x)))
    v = XFLOAT(x);
  else if (CONSP(x) && FIXNUMP(XCAR(x)) && FIXNUMP(XCDR(x))
           && XFIXNUM(XCAR(x)) >= 0
           && XFIXNUM(XCDR(x)) >= 0 && XFIXNUM(XCDR(x)) < 1 << 16)
    v = (double)XFIXNUM(XCAR(x)) * 65536 + (double)XFIXNUM(XCDR(x));
  if (!(v >= 0 && v <= UINT32_MAX))
    mrt_error(rt, "Not an in-range integer, integral float, or cons of integers");
  return (uint32_t)v;
}

/* (user-login-name &optional UID): without UID the variable
   user-login-name; with one, that uid's login name, or nil when it has
   none. */
static mval Fuser_login_name(mrt *rt, int nargs, mval *args)
{
  if (nargs > 0 && !NILP(args[0])) {
    struct passwd *pw = getpwuid((uid_t)lisp_to_id(rt, args[0]));
    return pw ? make_cstring(rt, pw->pw_name) : Qnil;
  }
  return symbol_value(rt, intern(rt, "user-login-name"));
}

static mval Fuser_real_login_name(mrt *rt, int nargs, mval *args)
{
  return symbol_value(rt, intern(rt, "user-real-login-name"));
}

/* A password entry's full name: its GECOS field up to a comma. */
static mval gecos_name(mrt *rt, struct passwd *pw)
{
  if (!pw)
    return Qnil;
  const char *gecos = pw->pw_gecos ? pw->pw_gecos : "";
  return make_string(rt, gecos, strcspn(gecos, ","));
}

/* (user-full-name &optional UID): without UID the variable
   user-full-name; else the full name of user UID (a number) or of the
   login name UID, nil when there is no such user. */
static mval Fuser_full_name(mrt *rt, int nargs, mval *args)
{
  mval who = nargs > 0 ? args[0] : Qnil;
  if (NILP(who))
    return symbol_value(rt, intern(rt, "user-full-name"));
  if (NUMBERP(who))
    return gecos_name(rt, getpwuid((uid_t)lisp_to_id(rt, who)));
  if (STRINGP(who))
    return gecos_name(rt, getpwnam((const char *)XSTRING(who)->data));
  mrt_error(rt, "Invalid UID specification");
}

/* The user variables as Emacs sets them at startup: the login name is
   LOGNAME's, else USER's (even empty), else the effective uid's; the
   full name is NAME's, else that of the login name when it is the real
   user's, else the effective uid's. */
static void define_user_variables(mrt *rt)
{
  struct passwd *pw = getpwuid(getuid());
  const char *real = pw ? pw->pw_name : "unknown";
  mval real_name = make_cstring(rt, real);
  defvar(rt, intern(rt, "user-real-login-name"), real_name);
  const char *login = getenv("LOGNAME");
  if (!login)
    login = getenv("USER");
  if (!login) {
    pw = getpwuid(geteuid());
    login = pw ? pw->pw_name : "unknown";
  }
  defvar(rt, intern(rt, "user-login-name"), make_cstring(rt, login));
  const char *name = getenv("NAME");
  mval full;
  if (name)
    full = make_cstring(rt, name);
  else {
    full = gecos_name(rt, strcmp(login, real) == 0 ? getpwnam(login) : getpwuid(geteuid()));
    if (NILP(full))
      full = make_cstring(rt, "unknown");
  }
  defvar(rt, intern(rt, "user-full-name"), full);
}

/* (group-name GID): the name of group GID, or nil when it has none. */
static mval Fgroup_name(mrt *rt, int nargs, mval *args)
{
  if (!NUMBERP(args[0]) && !CONSP(args[0]))
    mrt_error(rt, "Invalid GID specification");
  struct group *gr = getgrgid((gid_t)lisp_to_id(rt, args[0]));
  return gr ? make_cstring(rt, gr->gr_name) : Qnil;
}

static mval Fgroup_gid(mrt *rt, int nargs, mval *args) { return make_int(rt, (int64_t)getegid()); }
static mval Fgroup_real_gid(mrt *rt, int nargs, mval *args) { return make_int(rt, (int64_t)getgid()); }

/* (setenv VARIABLE &optional VALUE SUBSTITUTE-ENV-VARS): VALUE nil
   removes VARIABLE; with SUBSTITUTE-ENV-VARS, VALUE's $NAME references
   are replaced first (lisp/env.el).  Setting TZ changes the local time zone, as
   Emacs's set-time-zone-rule does. */
static mval Fsetenv(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  CHECK_TYPE(rt, NILP(args[1]) || STRINGP(args[1]), Qsequencep, args[1]);
  const char *name = (const char *)XSTRING(args[0])->data;
  if (strchr(name, '='))
    mrt_errorf(rt, "Environment variable name \u2018%s\u2019 contains \u2018=\u2019", name);
  if (!NILP(args[1]) && !NILP(args[2]))
    args[1] = call1(rt, intern(rt, "substitute-env-vars"), args[1]);
  mval parts[3] = {args[0], make_cstring(rt, "="), args[1]};
  mval entry = NILP(args[1]) ? args[0] : concat_strings(rt, 3, parts);
  mval sym = process_environment(rt), env = find_symbol_value(rt, sym);
  bool found = false;
  for (mval l = env; CONSP(l); l = XCDR(l))
    if (environment_entry_p(XCAR(l), args[0])) {
      gc_setcar(rt->gc, l, entry);
      found = true;
    }
  if (!found)
    set_symbol_value(rt, sym, Fcons(rt, entry, env == Qunbound ? Qnil : env));
  if (strcmp(name, "TZ") == 0) {
    if (NILP(args[1]))
      unsetenv(name);
    else
      setenv(name, (const char *)XSTRING(args[1])->data, 1);
    tzset();
  }
  return args[1];
}

static double number_arg(mrt *rt, mval x)
{
  CHECK_TYPE(rt, NUMBERP(x), Qnumberp, x);
  return FLOATP(x) ? XFLOAT(x) : integer_to_double(x);
}

/* Run the due timers through lisp/timer.el, as Emacs runs timers only
   while it waits; the seconds until the next timer, or a negative
   number when there is none.  timer.el loads with the first timer, so
   an empty `timer-list' means there is nothing to call.  */
double sysfns_run_due_timers(mrt *rt)
{
  mval list = intern(rt, "timer-list"), run = intern(rt, "timer--run-due");
  mval pending = symbol_fetch(XSYMBOL(rt, list));
  if (NILP(pending) || pending == Qunbound || NILP(XSYMBOL(rt, run)->function))
    return -1;
  mval next = call0(rt, run);
  return NUMBERP(next) ? number_arg(rt, next) : -1;
}

/* (sleep-for SECONDS &optional MILLISECONDS) */
static mval Fsleep_for(mrt *rt, int nargs, mval *args)
{
  double seconds = number_arg(rt, args[0]);
  if (!NILP(args[1]))
    seconds += number_arg(rt, args[1]) / 1000;
  if (!(seconds > 0))
    return Qnil;
  if (seconds > 1e9)
    seconds = 1e9;
  process_wait(rt, seconds, Qnil, false, false);
  return Qnil;
}

/* ---- The minibuffer, as Emacs -batch has it: lines of stdin ---- */

/* One line of stdin without its line ending, or Qnil at end of input. */
static mval read_stdin_line(mrt *rt)
{
  fflush(stdout);
  char *line = NULL;
  size_t cap = 0;
  ssize_t n = getline(&line, &cap, stdin);
  if (n < 0) {
    free(line);
    return Qnil;
  }
  while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
    n--;
  mval s = make_string(rt, line, (size_t)n);
  free(line);
  return s;
}

/* TEXT on stdout as batch Emacs writes prompts and bells: straight to
   the stream, so a later message starts no new line for it. */
static void write_out_raw(mrt *rt, const char *text, size_t n)
{
  bool needs_newline = rt->message_needs_newline;
  mrt_write_out(rt, text, n);
  rt->message_needs_newline = needs_newline;
}

/* (ding &optional ARG): batch Emacs's bell is a BEL on stdout. */
static mval Fding(mrt *rt, int nargs, mval *args)
{
  write_out_raw(rt, "\a", 1);
  return Qnil;
}

/* PROMPT on stdout, then a line; end of input is an error.  Under
   `inhibit-interaction' nothing is shown or read. */
static mval minibuffer_line(mrt *rt, mval prompt)
{
  if (!NILP(find_symbol_value(rt, Qinhibit_interaction)))
    xsignal0(rt, Qinhibited_interaction);
  CHECK_STRING(rt, prompt);
  write_out_raw(rt, (const char *)XSTRING(prompt)->data, (size_t)XSTRING(prompt)->nbytes);
  mval line = read_stdin_line(rt);
  if (NILP(line))
    xsignal1(rt, Qend_of_file, make_cstring(rt, "Error reading from stdin"));
  return line;
}

/* LINE, or DFLT (the first of a list of defaults) when LINE is empty
   and there is a default string. */
static mval line_or_default(mval line, mval dflt)
{
  if (CONSP(dflt))
    dflt = XCAR(dflt);
  return XSTRING(line)->nbytes == 0 && STRINGP(dflt) ? dflt : line;
}

/* (read-string PROMPT &optional INITIAL HISTORY DEFAULT INHERIT) */
static mval Fread_string(mrt *rt, int nargs, mval *args)
{
  return line_or_default(minibuffer_line(rt, args[0]), args[3]);
}

/* The one object LINE holds, as read-from-minibuffer's READ asks. */
static mval line_to_object(mrt *rt, mval line)
{
  mval read = read_from_string(rt, line, Qnil, Qnil);
  const uint8_t *p = XSTRING(line)->data;
  for (int64_t i = string_char_to_byte(line, XFIXNUM(XCDR(read))); i < XSTRING(line)->nbytes; i++)
    if (!strchr(" \t\n\r\f", p[i]))
      xsignal1(rt, Qinvalid_read_syntax, make_cstring(rt, "Trailing garbage following expression"));
  return XCAR(read);
}

/* (read-from-minibuffer PROMPT &optional INITIAL KEYMAP READ HIST
   DEFAULT INHERIT): the default stands for an empty line only when
   the line is read as an object. */
static mval Fread_from_minibuffer(mrt *rt, int nargs, mval *args)
{
  mval line = minibuffer_line(rt, args[0]);
  return NILP(args[3]) ? line : line_to_object(rt, line_or_default(line, args[5]));
}

/* ================================================================== */
/* The collector                                                      */
/* ================================================================== */

/* SYM's value, or NEWVAL when SYM is WRITTEN: a watcher runs before
   the write. */
static mval setting(mrt *rt, mval sym, mval written, mval newval)
{
  mval v = sym == written ? newval : find_symbol_value(rt, sym);
  return v == Qunbound ? Qnil : v;
}

/* Lisp's settings into the collector, WRITTEN about to be NEWVAL. */
static void apply_gc_settings(mrt *rt, mval written, mval newval)
{
  mval threshold = setting(rt, Qgc_cons_threshold, written, newval);
  mval percentage = setting(rt, Qgc_cons_percentage, written, newval);
  size_t bytes = 800000;
  int64_t n;
  if (INTEGERP(threshold))
    bytes = integer_to_int64(threshold, &n) ? (n < 0 ? 0 : (size_t)n) : SIZE_MAX;
  double p = FLOATP(percentage) ? XFLOAT(percentage) : 0.1;
  if (!(p >= 0))
    p = 0.1;
  gc_set_threshold(rt->gc, bytes, p);
  gc_set_log(rt->gc, !NILP(setting(rt, Qgarbage_collection_messages, written, newval)));
}

/* The watcher of the collector's variables: setting or let-binding one
   reaches the collector at once.  gc-cons-threshold holds an integer
   of 64 bits, as Emacs's does. */
static mval Fwatch_gc_setting(mrt *rt, int nargs, mval *args)
{
  mval symbol = args[0], newval = args[1];
  int64_t n;
  if (symbol == Qgc_cons_threshold && args[2] != Qmakunbound) {
    CHECK_INTEGER(rt, newval);
    if (!integer_to_int64(newval, &n))
      xsignal1(rt, Qoverflow_error, newval);
  }
  apply_gc_settings(rt, symbol, newval);
  return Qnil;
}

/* As Emacs, each is a subr named after a C function. */
static void watch_gc_settings(mrt *rt)
{
  const mval watched[] = {Qgc_cons_threshold, Qgc_cons_percentage,
                          Qgarbage_collection_messages};
  const char *names[] = {"watch_gc_cons_threshold", "watch_gc_cons_percentage",
                         "watch_garbage_collection_messages"};
  for (size_t i = 0; i < sizeof watched / sizeof watched[0]; i++) {
    mval name = make_symbol(rt, make_cstring(rt, names[i]));
    variables_add_watcher(rt, watched[i], make_subr(rt, name, Fwatch_gc_setting, NULL, NULL, 4, 4));
  }
}

static void update_gc_variables(mrt *rt)
{
  struct gc_stats s;
  gc_get_stats(rt->gc, &s);
  SYMBOL_SET(rt->gc, XSYMBOL(rt, Qgcs_done), value, make_int(rt, (int64_t)s.gcs_done));
  SYMBOL_SET(rt->gc, XSYMBOL(rt, Qgc_elapsed), value, make_float(rt, s.gc_elapsed));
  apply_gc_settings(rt, Qnil, Qnil);
}

/* The collector's statistics into Lisp.  This runs inside the
   collector, so no signal (say memory-full while allocating the float)
   may escape it: one is caught here and the variables stay stale until
   the next collection. */
static void after_collect(struct gc *g, void *ud)
{
  mrt *rt = ud;
  struct handler h;
  handler_push(rt, &h, HANDLER_CATCH_ALL, Qnil);
  if (setjmp(h.jmp) == 0) {
    update_gc_variables(rt);
    symbol_store(g, XSYMBOL(rt, Qmemory_full), Qnil); /* Emacs refills its reserve here */
    rt->post_gc_pending = !NILP(XSYMBOL(rt, Qpost_gc_hook)->value);
    if (gc_finalizers_doomed(g) || rt->post_gc_pending)
      eval_request_safe_point(rt);
    bignum_after_collect(rt);
    heapmap_after_collect(rt); /* --heap-map-dir: one picture each */
    handler_pop(rt, &h);
  }
}

static mval count(mrt *rt, size_t n) { return make_uint(rt, n); }

/* (NAME SIZE USED [FREE]) */
static mval kind_entry(mrt *rt, mval name, size_t size, size_t used, size_t free, bool with_free)
{
  mval tail = with_free ? list1(rt, count(rt, free)) : Qnil;
  return Fcons(rt, name, Fcons(rt, make_fixnum((int64_t)size), Fcons(rt, count(rt, used), tail)));
}

/* Emacs's list: ((conses 16 USED FREE) (symbols 48 USED FREE) ...). */
static mval gc_stats_list(mrt *rt, const struct gc_stats *s)
{
  const struct heap_kind_stats *k = s->kinds;
  size_t vectors_used = k[HEAP_VECTOR].used + k[HEAP_LARGE].used;
  size_t slots_used = (k[HEAP_VECTOR].used_bytes + k[HEAP_LARGE].used_bytes) / 8;
  size_t slots_free = (k[HEAP_VECTOR].free_bytes + k[HEAP_LARGE].free_bytes) / 8;
  size_t string_bytes = s->external_bytes > s->gmp_bytes ? s->external_bytes - s->gmp_bytes : 0;
  mval items[] = {
    kind_entry(rt, Qconses, sizeof(struct cons), k[HEAP_CONS].used, k[HEAP_CONS].free, true),
    kind_entry(rt, Qsymbols, sizeof(struct symbol), k[HEAP_SYMBOL].used, k[HEAP_SYMBOL].free, true),
    kind_entry(rt, Qstrings, sizeof(struct string), k[HEAP_STRING].used, k[HEAP_STRING].free, true),
    kind_entry(rt, Qstring_bytes, 1, string_bytes, 0, false),
    kind_entry(rt, Qvectors, 16, vectors_used, 0, false),
    kind_entry(rt, Qvector_slots, 8, slots_used, slots_free, true),
    kind_entry(rt, Qfloats, sizeof(double), k[HEAP_FLOAT].used, k[HEAP_FLOAT].free, true),
    kind_entry(rt, Qintervals, 56, 0, 0, true),
    kind_entry(rt, Qbuffers, 992, 0, 0, false),
  };
  return listn(rt, sizeof items / sizeof items[0], items);
}

/* ---- Finalizer objects (the collector's side: gc.h) ---- */

static mval Fmake_finalizer(mrt *rt, int nargs, mval *args)
{
  struct vectorlike *v = gc_vectorlike_unfilled(rt->gc, PVEC_FINALIZER, 2, 1);
  OBJ_INIT(gc_fresh_slots(v)[0], args[0]);
  mval f = tag_ptr(v, TAG_VECTORLIKE);
  gc_register_finalizer(rt->gc, f);
  return f;
}

/* As in Emacs: with inhibit-quit bound to t, every signal (quit, and
   the no-catch of a throw no catch takes, among them) is caught and
   logged to *Messages* without being echoed.  A throw that a catch of
   the interrupted code takes goes on out to it. */
static void run_finalizer_function(mrt *rt, mval fn)
{
  size_t count = rt->specpdl_depth;
  specbind(rt, Qinhibit_quit, Qt);
  struct handler h;
  handler_push(rt, &h, HANDLER_CONDITION_CASE, Qt);
  if (setjmp(h.jmp) == 0) {
    call0(rt, fn);
    handler_pop(rt, &h);
  } else {
    mval parts[2] = {make_cstring(rt, "finalizer failed: "), print_to_string(rt, h.value, true)};
    log_message(rt, concat_strings(rt, 2, parts));
  }
  unbind_to(rt, count);
}

/* As Emacs's safe_run_hooks: a function of the hook that signals is
   reported and taken out of it, and the others still run. */
static void run_hook_function_safely(mrt *rt, mval hook, mval fn)
{
  struct handler h;
  handler_push(rt, &h, HANDLER_CONDITION_CASE, Qt);
  if (setjmp(h.jmp) == 0) {
    call0(rt, fn);
    handler_pop(rt, &h);
    return;
  }
  mval args[] = {make_cstring(rt, "Error in %s (%S): %S"), hook, fn, h.value};
  funcall(rt, Qmessage, 4, args);
  mval kept = Qnil;
  for (mval l = symbol_value(rt, hook); CONSP(l); l = XCDR(l))
    if (XCAR(l) != fn)
      kept = Fcons(rt, XCAR(l), kept);
  set_symbol_value(rt, hook, nreverse_list(rt, kept));
}

static void run_post_gc_hook(mrt *rt)
{
  rt->post_gc_pending = false;
  mval functions = symbol_value(rt, Qpost_gc_hook);
  if (!CONSP(functions) || XCAR(functions) == Qlambda || XCAR(functions) == Qclosure)
    functions = NILP(functions) ? Qnil : list1(rt, functions);
  size_t count = rt->specpdl_depth;
  specbind(rt, Qinhibit_quit, Qt);
  for (; CONSP(functions); functions = XCDR(functions))
    if (XCAR(functions) != Qt)
      run_hook_function_safely(rt, Qpost_gc_hook, XCAR(functions));
  unbind_to(rt, count);
}

void sysfns_run_finalizers(mrt *rt)
{
  buffer_run_undo_outer_limit(rt);
  if (rt->post_gc_pending)
    run_post_gc_hook(rt);
  mval f;
  while (!NILP(f = gc_take_doomed_finalizer(rt->gc))) {
    mval fn = AREF(f, 0);
    gc_aset(rt->gc, f, 0, Qnil); /* once only, and it prints "used" */
    if (!NILP(fn))
      run_finalizer_function(rt, fn);
  }
}

/* Its own frame: the statistics are a large struct, unset while the
   collection runs, whose stale words the stack scan would take for
   roots had it been in garbage-collect's frame. */
static __attribute__((noinline)) mval gc_stats_now(mrt *rt)
{
  struct gc_stats s;
  gc_get_stats(rt->gc, &s);
  return gc_stats_list(rt, &s);
}

static mval Fgarbage_collect(mrt *rt, int nargs, mval *args)
{
  apply_gc_settings(rt, Qnil, Qnil);
  gc_collect(rt->gc, "garbage-collect");
  eval_run_safe_point(rt);
  return gc_stats_now(rt);
}

/* ---- What has been allocated, as Emacs counts it ---- */

/* Intervals are Lisp data here (textprop.c), counted as conses and
   vectors: none is an object of its own. */
static uint64_t no_intervals(mrt *rt) { return 0; }
#define CONSED_COUNTER(field)                                            \
  static uint64_t consed_##field(mrt *rt)                                \
  {                                                                      \
    struct gc_consed c;                                                  \
    gc_get_consed(rt->gc, &c);                                           \
    return c.field;                                                      \
  }
CONSED_COUNTER(conses)
CONSED_COUNTER(floats)
CONSED_COUNTER(vector_cells)
CONSED_COUNTER(symbols)
CONSED_COUNTER(string_chars)
CONSED_COUNTER(strings)

/* In memory-use-counts' order. */
static const struct {
  const char *name;
  variable_count_fn count;
} consed_variables[] = {
  {"cons-cells-consed", consed_conses},      {"floats-consed", consed_floats},
  {"vector-cells-consed", consed_vector_cells}, {"symbols-consed", consed_symbols},
  {"string-chars-consed", consed_string_chars}, {"intervals-consed", no_intervals},
  {"strings-consed", consed_strings},
};
#define NCONSED (sizeof consed_variables / sizeof consed_variables[0])

/* (CONSES FLOATS VECTOR-CELLS SYMBOLS STRING-CHARS INTERVALS STRINGS):
   what has been allocated so far, whatever the variables were set to. */
static mval Fmemory_use_counts(mrt *rt, int nargs, mval *args)
{
  mval items[NCONSED];
  for (size_t i = 0; i < NCONSED; i++)
    items[i] = make_uint(rt, consed_variables[i].count(rt));
  return listn(rt, NCONSED, items);
}

/* Collects when more than 1/FACTOR of the allocation that triggers a
   collection has happened: t if it did. */
static mval Fgarbage_collect_maybe(mrt *rt, int nargs, mval *args)
{
  if (!FIXNUMP(args[0]) || XFIXNUM(args[0]) < 0)
    wrong_type_argument(rt, Qwholenump, args[0]);
  if (!gc_allocated_past(rt->gc, (uint64_t)XFIXNUM(args[0])))
    return Qnil;
  Fgarbage_collect(rt, 0, NULL);
  return Qt;
}

/* Emacs returns its data segment's end in KiB; the nearest thing here
   is the memory the runtime holds. */
static mval Fmemory_limit(mrt *rt, int nargs, mval *args)
{
  struct gc_stats s;
  gc_get_stats(rt->gc, &s);
  return make_uint(rt, (s.heap_bytes + s.external_bytes) / 1024);
}

/* (TOTAL-RAM FREE-RAM TOTAL-SWAP FREE-SWAP) in KiB, from /proc/meminfo
   as Emacs reads it on GNU/Linux; nil where there is none. */
static mval Fmemory_info(mrt *rt, int nargs, mval *args)
{
  static const char *const keys[] = {"MemTotal:", "MemFree:", "SwapTotal:", "SwapFree:"};
  uint64_t kib[4] = {0};
  int found = 0;
  FILE *f = fopen("/proc/meminfo", "r");
  if (!f)
    return Qnil;
  char line[256];
  while (fgets(line, sizeof line, f))
    for (int i = 0; i < 4; i++)
      if (strncmp(line, keys[i], strlen(keys[i])) == 0) {
        kib[i] = strtoull(line + strlen(keys[i]), NULL, 10);
        found++;
      }
  fclose(f);
  if (found < 4)
    return Qnil;
  return list4(rt, make_uint(rt, kib[0]), make_uint(rt, kib[1]), make_uint(rt, kib[2]),
               make_uint(rt, kib[3]));
}

/* ---- Heap introspection (issue 6) ---- */

#define MAX_FREE_LISTS 4096

static mval counts_vector(mrt *rt, const size_t *counts, size_t n)
{
  mval v = make_vector(rt, n, make_fixnum(0));
  for (size_t i = 0; i < n; i++)
    ASET_FIXNUM(v, (int64_t)i, make_fixnum((int64_t)counts[i]));
  return v;
}

/* (vector-free-lists): (:policy NAME :counts [N0 N1 ...] :hint H
   :bitmap [W0 ...]), the chunk count on each VINDEX list and the
   policy's search state; nil without marrow's own heap. */
static mval Fvector_free_lists(mrt *rt, int nargs, mval *args)
{
  struct heap *h = gc_heap(rt->gc);
  if (!h)
    return Qnil;
  size_t counts[MAX_FREE_LISTS];
  uint64_t bitmap[MAX_FREE_LISTS / 64];
  long hint = -1;
  size_t n = heap_vector_free_lists(h, counts, MAX_FREE_LISTS, &hint, bitmap,
                                    MAX_FREE_LISTS / 64);
  if (n > MAX_FREE_LISTS)
    n = MAX_FREE_LISTS;
  size_t nwords = (n + 63) / 64;
  mval vec = counts_vector(rt, counts, n);
  mval words = make_vector(rt, nwords, make_fixnum(0));
  for (size_t i = 0; i < nwords; i++)
    gc_aset(rt->gc, words, (int64_t)i, make_uint(rt, bitmap[i]));
  mval items[] = {
    intern(rt, ":policy"), intern(rt, heap_policy_name(gc_policy(rt->gc))),
    intern(rt, ":counts"), vec,
    intern(rt, ":hint"), hint < 0 ? Qnil : make_fixnum(hint),
    intern(rt, ":bitmap"), words,
  };
  return listn(rt, sizeof items / sizeof items[0], items);
}

struct block_walk {
  mval vec;      /* [KIND LIVE FREE ...], filled up to n entries */
  size_t n, max;
  mrt *rt;
};

static void count_block(const struct heap_block_info *b, void *ud)
{
  ((struct block_walk *)ud)->n++;
}

static mval kind_symbol(mrt *rt, enum heap_kind k)
{
  static const char *const names[] = {"cons", "float", "symbol", "string", "vector", "large"};
  return k < sizeof names / sizeof names[0] ? intern(rt, names[k]) : Qnil;
}

/* Stores fixnums only: the walk must not allocate. */
static void record_block(const struct heap_block_info *b, void *ud)
{
  struct block_walk *w = ud;
  if (w->n >= w->max)
    return;
  int64_t i = (int64_t)(3 * w->n++);
  ASET_FIXNUM(w->vec, i, make_fixnum((int64_t)b->kind));
  ASET_FIXNUM(w->vec, i + 1, make_fixnum((int64_t)b->live_bytes));
  ASET_FIXNUM(w->vec, i + 2, make_fixnum((int64_t)b->free_bytes));
}

/* (heap-blocks): ((KIND LIVE-BYTES FREE-BYTES) ...), one per block and
   large object; nil without marrow's own heap. */
static mval Fheap_blocks(mrt *rt, int nargs, mval *args)
{
  struct heap *h = gc_heap(rt->gc);
  if (!h)
    return Qnil;
  struct block_walk w = {.vec = Qnil, .rt = rt};
  heap_foreach_block(h, count_block, &w);
  w.max = w.n + 16; /* allocating the vector may add a block */
  w.vec = make_vector(rt, 3 * w.max, make_fixnum(0));
  w.n = 0;
  heap_foreach_block(h, record_block, &w);
  mval result = Qnil;
  for (size_t i = w.n; i-- > 0;) {
    mval kind = kind_symbol(rt, (enum heap_kind)XFIXNUM(AREF(w.vec, (int64_t)(3 * i))));
    result = Fcons(rt, list3(rt, kind, AREF(w.vec, (int64_t)(3 * i + 1)),
                             AREF(w.vec, (int64_t)(3 * i + 2))), result);
  }
  return result;
}

/* ================================================================== */
/* Setup                                                              */
/* ================================================================== */

static const struct subr_def sys_subrs[] = {
  {"kill-emacs", Fkill_emacs, 0, 2},
  {"getenv", Fgetenv, 1, 2},
  {"setenv", Fsetenv, 1, 3},
  {"emacs-pid", Femacs_pid, 0, 0},
  {"num-processors", Fnum_processors, 0, 1},
  {"system-name", Fsystem_name, 0, 0},
  {"user-login-name", Fuser_login_name, 0, 1},
  {"user-real-login-name", Fuser_real_login_name, 0, 0},
  {"user-uid", Fuser_uid, 0, 0},
  {"user-real-uid", Fuser_real_uid, 0, 0},
  {"user-full-name", Fuser_full_name, 0, 1},
  {"group-name", Fgroup_name, 1, 1},
  {"group-gid", Fgroup_gid, 0, 0},
  {"group-real-gid", Fgroup_real_gid, 0, 0},
  {"sleep-for", Fsleep_for, 1, 2},
  {"read-string", Fread_string, 1, 5},
  {"ding", Fding, 0, 1},
  {"read-from-minibuffer", Fread_from_minibuffer, 1, 7},
  {"garbage-collect", Fgarbage_collect, 0, 0},
  {"make-finalizer", Fmake_finalizer, 1, 1},
  {"memory-use-counts", Fmemory_use_counts, 0, 0},
  {"garbage-collect-maybe", Fgarbage_collect_maybe, 1, 1},
  {"memory-limit", Fmemory_limit, 0, 0},
  {"memory-info", Fmemory_info, 0, 0},
  {"vector-free-lists", Fvector_free_lists, 0, 0},
  {"heap-blocks", Fheap_blocks, 0, 0},
};

static bool env_flag(const char *name)
{
  const char *v = getenv(name);
  return v && *v && strcmp(v, "0") != 0;
}

/* Emacs's start-up remakes memory-signal-data's message with the key
   of save-some-buffers fontified as its help does (propertize's face
   and font-lock-face), so prin1 shows #("Memory exhausted--use C-x s
   ..." 22 27 (face help-key-binding font-lock-face help-key-binding)). */
static void fontify_memory_full_key(mrt *rt)
{
  static const char key[] = "C-x s";
  mval message = XCAR(XCDR(rt->memory_full_error));
  int64_t start = strstr(MEMORY_FULL_MESSAGE, key) - MEMORY_FULL_MESSAGE;
  mval face = intern(rt, "help-key-binding");
  mval props = list4(rt, intern(rt, "face"), face, intern(rt, "font-lock-face"), face);
  bool changed;
  mval ivs = textprop_add(rt, Qnil, XSTRING(message)->nchars, start,
                          start + (int64_t)strlen(key), props, &changed);
  GC_STORE(rt->gc, message, XSTRING(message)->intervals, ivs);
}

void sysfns_init(mrt *rt)
{
  defsubrs(rt, sys_subrs, sizeof sys_subrs / sizeof sys_subrs[0]);
#if defined(__linux__)
  const char *type = "gnu/linux";
#elif defined(__APPLE__)
  const char *type = "darwin";
#else
  const char *type = "berkeley-unix";
#endif
  defvar(rt, intern(rt, "system-type"), intern(rt, type));
  defvar(rt, Qnoninteractive, Qt);
  defvar(rt, intern(rt, "marrow-version"), make_cstring(rt, PACKAGE_VERSION));
  /* Which collector this build links: the Boehm baseline paces its
     collections itself and ignores gc-cons-threshold. */
  defvar(rt, intern(rt, "marrow-collector"), intern(rt, gc_name()));
  defvar(rt, intern(rt, "emacs-major-version"), make_fixnum(28));
  defvar(rt, intern(rt, "emacs-minor-version"), make_fixnum(2));
  defvar(rt, intern(rt, "emacs-version"), make_cstring(rt, "28.2"));
  defvar(rt, intern(rt, "kill-emacs-hook"), Qnil);
  mval env = environment_list(rt);
  defvar(rt, process_environment(rt), env);
  defvar(rt, intern(rt, "initial-environment"), call1(rt, intern(rt, "copy-sequence"), env));
  define_user_variables(rt);
  struct gc_stats s;
  gc_get_stats(rt->gc, &s);
  defvar(rt, Qgcs_done, make_int(rt, (int64_t)s.gcs_done));
  defvar(rt, Qgc_elapsed, make_float(rt, s.gc_elapsed));
  defvar(rt, Qgc_cons_threshold, make_fixnum(800000));
  defvar(rt, Qgc_cons_percentage, make_float(rt, 0.1));
  defvar(rt, Qinhibit_quit, Qnil); /* nothing quits marrow; bound as Emacs binds it */
  defvar(rt, Qinhibit_interaction, Qnil);
  define_error(rt, Qinhibited_interaction, "User interaction while inhibited", Qerror);
  defvar(rt, Qgarbage_collection_messages, env_flag("MARROW_GC_LOG") ? Qt : Qnil);
  for (size_t i = 0; i < NCONSED; i++)
    defvar_counted(rt, intern(rt, consed_variables[i].name), consed_variables[i].count);
  defvar(rt, Qpost_gc_hook, Qnil);
  defvar(rt, Qmemory_full, Qnil);
  fontify_memory_full_key(rt);
  defvar(rt, Qmemory_signal_data, rt->memory_full_error);
  gc_set_after_collect(rt->gc, after_collect, rt);
  watch_gc_settings(rt);
}

void sysfns_sync_gc_config(mrt *rt, const struct gc_config *cfg)
{
  set_symbol_value(rt, Qgc_cons_threshold, make_uint(rt, cfg->cons_threshold));
  set_symbol_value(rt, Qgc_cons_percentage, make_float(rt, cfg->cons_percentage));
  set_symbol_value(rt, Qgarbage_collection_messages, cfg->log ? Qt : Qnil);
}
