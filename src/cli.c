/*
** cli.c -- layer 7: the `marrow' program.
**
** It uses marrow.h only, like any other host: whatever the command line
** needs from the interpreter is an API call.
**
**   marrow [OPTIONS...] [FILE [ARGS...]]
**
** Invariants:
**   - Options that shape the runtime (heap, collector, --debug) are read
**     in a first pass, before the runtime exists; --help and --version
**     stop there.
**   - Actions (-l, --eval, -f, -p, -L, --visit, --insert, FILE) run left
**     to right, as in Emacs; an option marrow does not know waits for its
**     turn too, where Lisp may claim it (command-switch-alist,
**     command-line-functions) or it is an error.  The arguments not yet processed live in the Lisp variable
**     command-line-args-left while each action runs, so Lisp code may
**     consume them (Emacs's contract); the loop re-reads the variable
**     after every action.
**   - The first argument that is not an option is the script; the rest
**     are its ARGS, left in command-line-args-left and never processed.
**     But with -batch, one after actions is a file to visit, as in
**     `emacs -batch', and the actions after it still run.
**   - The actions run inside frames for Emacs's startup functions
**     (normal-top-level, command-line, command-line-1 with the command
**     line as Emacs's would see it), which backtraces show as Emacs's.
**   - An uncaught error prints batch Emacs's backtrace on stderr (lisp/
**     debug.el) and exits 255, or only its message when
**     backtrace-on-error-noninteractive is nil; (kill-emacs N) exits N.  Nothing here calls into Lisp without a
**     status check.
*/
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(HAVE_LIBEDIT)
#include <editline/readline.h>
#define HAVE_LINE_EDITING 1
#elif defined(HAVE_READLINE)
#include <readline/history.h>
#include <readline/readline.h>
#define HAVE_LINE_EDITING 1
#endif

#include "marrow.h"

#define EXIT_LISP_ERROR 255
#define EXIT_USAGE 1

static const char usage_text[] =
  "Usage: marrow [OPTION]... [FILE [ARGS...]]\n"
  "Run Emacs Lisp: the script FILE with ARGS in command-line-args-left,\n"
  "then exit; with no FILE or action, a REPL on a terminal, or the program\n"
  "read from standard input.\n"
  "\n"
  "Actions, processed left to right as Emacs does:\n"
  "  -l FILE, --load FILE        load FILE (as given, else along load-path)\n"
  "  --eval EXPR, -eval EXPR     evaluate EXPR\n"
  "  -f FUNC, --funcall FUNC     call FUNC with no arguments\n"
  "  -p EXPR, --print EXPR       evaluate EXPR and print its value\n"
  "  -L DIR, --directory DIR     put DIR first on load-path\n"
  "  --visit FILE, --file FILE   visit FILE (find-file)\n"
  "  --insert FILE               insert FILE into the current buffer\n"
  "  --script FILE               run FILE as the script (same as plain FILE)\n"
  "\n"
  "Other options are Lisp's to claim (command-switch-alist), else an error.\n"
  "\n"
  "Options:\n"
  "  --vector-policy=NAME        vector free-list search: scan, hint, bitmap\n"
  "  --heap-limit=BYTES          past it, memory is exhausted (K, M, G suffixes)\n"
  "  --gc-log                    one line per collection on stderr\n"
  "  --gc-stress                 collect before every allocation (slow)\n"
  "  --gc-generations=on|off     minor collections, which do not mark old\n"
  "                              objects again, between full ones (default on)\n"
  "  --debug                     print a Lisp backtrace on an uncaught error\n"
  "  --heap-map=FILE.svg         at exit, draw the heap with (heap-map FILE)\n"
  "  --heap-map-dir=DIR          one heap picture per collection, in DIR\n"
  "                              (sets heap-map-directory)\n"
  "  --chdir DIR                 change to DIR first\n"
  "  -batch, --batch, -Q, -q, --no-site-file, --no-init-file, --no-site-lisp\n"
  "                              accepted and ignored, for Emacs command lines\n"
  "  --help                      print this help and exit\n"
  "  --version                   print the version and exit\n"
  "\n"
  "Environment: MARROW_LISP_DIR, MARROW_VECTOR_POLICY, MARROW_GC_LOG,\n"
  "MARROW_GC_STRESS, MARROW_GC_GENERATIONAL, MARROW_GC_AGING.  See marrow(1).\n";

/* ================================================================== */
/* Reporting                                                          */
/* ================================================================== */

/* What every uncaught outcome turns into: the process's exit code. */
static int report(marrow *M, int status)
{
  fflush(stdout);
  if (status == MARROW_EXIT)
    return marrow_exit_code(M);
  if (status == MARROW_ERROR) {
    const char *msg = marrow_error_message(M);
    fprintf(stderr, "%s\n", msg ? msg : "error");
    return EXIT_LISP_ERROR;
  }
  return EXIT_SUCCESS;
}

static _Noreturn void usage_error(const char *fmt, const char *arg)
{
  fputs("marrow: ", stderr);
  fprintf(stderr, fmt, arg);
  fputs("\nTry 'marrow --help' for more information.\n", stderr);
  exit(EXIT_USAGE);
}

/* ================================================================== */
/* First pass: options that shape the runtime                         */
/* ================================================================== */

static bool is_ignored_option(const char *a)
{
  static const char *const ignored[] = {"-batch", "--batch", "-Q", "-q", "--quick",
                                        "--no-site-file", "--no-init-file", "-no-site-file",
                                        "--no-splash", "-nw", "--no-window-system",
                                        "-nsl", "--no-site-lisp"};
  for (size_t i = 0; i < sizeof ignored / sizeof ignored[0]; i++)
    if (strcmp(a, ignored[i]) == 0)
      return true;
  return false;
}

/* Options that take the next argument (or "=VALUE") as their value. */
static const char *const action_options[] = {"-l", "--load", "-load", "--eval", "-eval",
                                             "--execute", "-execute", "-f", "--funcall",
                                             "-funcall", "-p", "--print", "-L",
                                             "--directory", "-directory", "--visit",
                                             "-visit", "--file", "-file", "--find-file",
                                             "-find-file", "--insert", "-insert"};

static bool is_action(const char *a)
{
  for (size_t i = 0; i < sizeof action_options / sizeof action_options[0]; i++)
    if (strcmp(a, action_options[i]) == 0)
      return true;
  return false;
}

/* "--load=FILE" style: the option name is A up to '=', if that is an
   action. */
static bool is_action_with_value(const char *a)
{
  const char *eq = strchr(a, '=');
  if (!eq || a[0] != '-' || a[1] != '-')
    return false;
  char name[32];
  size_t n = (size_t)(eq - a);
  if (n >= sizeof name)
    return false;
  memcpy(name, a, n);
  name[n] = '\0';
  return is_action(name);
}

static size_t parse_size(const char *text)
{
  char *end;
  errno = 0;
  unsigned long long n = strtoull(text, &end, 10);
  unsigned long long scale = 1;
  switch (*end) {
  case 'k': case 'K': scale = 1ull << 10; end++; break;
  case 'm': case 'M': scale = 1ull << 20; end++; break;
  case 'g': case 'G': scale = 1ull << 30; end++; break;
  }
  if (errno || end == text || *end != '\0' || n > SIZE_MAX / scale)
    usage_error("invalid size '%s'", text);
  return (size_t)(n * scale);
}

static enum marrow_vector_policy parse_policy(const char *name)
{
  if (strcmp(name, "scan") == 0) return MARROW_POLICY_SCAN;
  if (strcmp(name, "hint") == 0) return MARROW_POLICY_HINT;
  if (strcmp(name, "bitmap") == 0) return MARROW_POLICY_BITMAP;
  usage_error("unknown vector policy '%s' (scan, hint or bitmap)", name);
}

static bool starts_with(const char *s, const char *prefix)
{
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Heap pictures (issue 6) are drawn by Lisp's heap-map; the command
   line only names the files. */
struct heap_map_options {
  const char *file; /* --heap-map */
  const char *dir;  /* --heap-map-dir */
};

/* --chdir DIR: Emacs changes directory before it does anything else. */
static void change_directory(const char *dir)
{
  if (chdir(dir) != 0) {
    fprintf(stderr, "marrow: Can't chdir to %s: %s\n", dir, strerror(errno));
    exit(EXIT_USAGE);
  }
}

/* Handles runtime option A; false when A is not one. */
static bool runtime_option(const char *a, marrow_options *opts, struct heap_map_options *maps)
{
  if (is_ignored_option(a))
    return true;
  if (strcmp(a, "--help") == 0 || strcmp(a, "-help") == 0) {
    fputs(usage_text, stdout);
    exit(EXIT_SUCCESS);
  }
  if (strcmp(a, "--version") == 0 || strcmp(a, "-version") == 0) {
    printf("marrow %s\n", marrow_version());
    exit(EXIT_SUCCESS);
  }
  if (starts_with(a, "--vector-policy="))
    opts->vector_policy = parse_policy(a + strlen("--vector-policy="));
  else if (starts_with(a, "--heap-limit="))
    opts->heap_limit = parse_size(a + strlen("--heap-limit="));
  else if (strcmp(a, "--gc-log") == 0)
    opts->gc_log = 1;
  else if (strcmp(a, "--gc-stress") == 0)
    opts->gc_stress = 1;
  else if (strcmp(a, "--gc-generations=on") == 0)
    opts->gc_generations = 1;
  else if (strcmp(a, "--gc-generations=off") == 0)
    opts->gc_generations = -1;
  else if (strcmp(a, "--debug") == 0)
    opts->debug = 1;
  else if (starts_with(a, "--heap-map="))
    maps->file = a + strlen("--heap-map=");
  else if (starts_with(a, "--heap-map-dir="))
    maps->dir = a + strlen("--heap-map-dir=");
  else if (starts_with(a, "--chdir="))
    change_directory(a + strlen("--chdir="));
  else
    return false;
  return true;
}

/* Moves the actions and the script (with its ARGS) of ARGV into
   ACTIONS, in order, after applying every runtime option before the
   script.  *SCRIPT is the script's index in ACTIONS when Emacs would
   have it run as one (--script FILE, or a first FILE as marrow FILE
   stands for emacs --script FILE, or without -batch a FILE after
   actions), else -1.  Returns how many there
   are. */
static int first_pass(int argc, char **argv, marrow_options *opts,
                      struct heap_map_options *maps, char **actions, int *script)
{
  int n = 0;
  bool batch = false;
  *script = -1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    bool script_option = strcmp(a, "--script") == 0 || strcmp(a, "-script") == 0;
    if (strcmp(a, "-batch") == 0 || strcmp(a, "--batch") == 0)
      batch = true;
    if (strcmp(a, "--") == 0 || script_option || a[0] != '-' || a[1] == '\0') {
      int from = a[0] == '-' && a[1] != '\0' ? i + 1 : i;
      /* After actions, -batch asks for Emacs's reading: a file to visit */
      *script = from < argc && (script_option || n == 0 || !batch) ? n : -1;
      for (int j = from; j < argc; j++)
        actions[n++] = argv[j];
      break;
    }
    if (strcmp(a, "--chdir") == 0 || strcmp(a, "-chdir") == 0) {
      if (i + 1 >= argc)
        usage_error("option '%s' requires an argument", a);
      change_directory(argv[++i]);
    } else if (is_action(a)) {
      if (i + 1 >= argc)
        usage_error("option '%s' requires an argument", a);
      actions[n++] = argv[i++];
      actions[n++] = argv[i];
    } else if (is_action_with_value(a)) {
      actions[n++] = argv[i];
    } else if (!runtime_option(a, opts, maps)) {
      /* Lisp may claim it (command-switch-alist, or by taking it off
         command-line-args-left); else it is an error at its turn. */
      actions[n++] = argv[i];
    }
  }
  return n;
}

/* ================================================================== */
/* Second pass: actions, through command-line-args-left               */
/* ================================================================== */

/* Also command-line-args: PROGRAM and the arguments, as Emacs leaves
   that variable once it has taken out the options it reads first. */
static int set_args_left(marrow *M, const char *program, int n, char **args)
{
  marrow_value list = marrow_nil(M);
  for (int i = n - 1; i >= 0; i--) {
    marrow_value s = marrow_cstring(M, args[i]);
    list = marrow_cons(M, s, list);
    if (marrow_is_nil(list))
      return MARROW_ERROR;
  }
  marrow_value all = marrow_cons(M, marrow_cstring(M, program), list);
  if (marrow_is_nil(all) || marrow_set_global(M, "command-line-args", all) != MARROW_OK)
    return MARROW_ERROR;
  return marrow_set_global(M, "command-line-args-left", list);
}

/* Pops the next argument off command-line-args-left into a malloc'd
   copy, or NULL when none is left. */
static char *pop_arg(marrow *M)
{
  marrow_value left;
  if (!marrow_get_global(M, "command-line-args-left", &left) || !marrow_is_cons(left))
    return NULL;
  size_t len;
  const char *s = marrow_string_data(M, marrow_car(M, left), &len);
  marrow_set_global(M, "command-line-args-left", marrow_cdr(M, left));
  if (!s)
    return strdup("");
  char *copy = malloc(len + 1);
  if (copy) {
    memcpy(copy, s, len);
    copy[len] = '\0';
  }
  return copy;
}

static int print_value(marrow *M, const char *expr)
{
  marrow_value v;
  int status = marrow_eval_string(M, expr, &v);
  if (status != MARROW_OK)
    return status;
  marrow_value text = marrow_print(M, v, 1);
  size_t len;
  const char *s = marrow_string_data(M, text, &len);
  if (!s)
    return MARROW_ERROR;
  fwrite(s, 1, len, stdout);
  fputc('\n', stdout);
  return MARROW_OK;
}

/* --eval EXPR as Emacs's command line runs it: (eval EXPR t), its
   macros expanded as they run, not as load expands a file's.  Emacs 28
   ignores any text after the first expression (its check for it
   always passes), and so does this. */
static int eval_option(marrow *M, const char *expr)
{
  marrow_value form;
  int status = marrow_read(M, expr, &form);
  return status == MARROW_OK ? marrow_eval_expression(M, form, NULL) : status;
}

static int add_load_directory(marrow *M, const char *dir)
{
  marrow_value name = marrow_cstring(M, dir), full, path = marrow_nil(M);
  int status = marrow_call_named(M, "expand-file-name", 1, &name, &full);
  if (status != MARROW_OK)
    return status;
  marrow_get_global(M, "load-path", &path);
  return marrow_set_global(M, "load-path", marrow_cons(M, full, path));
}

static int call_with_string(marrow *M, const char *function, const char *arg)
{
  marrow_value s = marrow_cstring(M, arg);
  return marrow_call_named(M, function, 1, &s, NULL);
}

/* Runs the action named OPTION with VALUE. */
static int run_action(marrow *M, const char *option, const char *value)
{
  const char *o = option + (option[1] == '-'); /* "--eval" -> "-eval" */
  if (strcmp(o, "-l") == 0 || strcmp(o, "-load") == 0)
    return marrow_load_file(M, value);
  if (strcmp(o, "-eval") == 0 || strcmp(o, "-execute") == 0)
    return eval_option(M, value);
  if (strcmp(o, "-f") == 0 || strcmp(o, "-funcall") == 0)
    return marrow_call_named(M, value, 0, NULL, NULL);
  if (strcmp(o, "-p") == 0 || strcmp(o, "-print") == 0)
    return print_value(M, value);
  if (strcmp(o, "-L") == 0 || strcmp(o, "-directory") == 0)
    return add_load_directory(M, value);
  if (strcmp(o, "-visit") == 0 || strcmp(o, "-file") == 0 || strcmp(o, "-find-file") == 0)
    return call_with_string(M, "marrow--command-line-visit", value);
  if (strcmp(o, "-insert") == 0)
    return call_with_string(M, "insert-file-contents", value);
  return MARROW_ERROR;
}

/* ARG, unless Lisp claims it (command-switch-alist,
   command-line-functions): an unknown option is an error, as Emacs's
   command-line-1 signals it.  A file name is the script when SCRIPT
   says the command line has one (its ARGS stay in
   command-line-args-left); else, after actions, it is visited as Emacs
   visits it, so that arguments a script read without taking them off
   the list do no harm, and the actions after it still run. */
static int unclaimed_argument(marrow *M, const char *arg, bool script, bool *done)
{
  marrow_value name = marrow_cstring(M, arg), claimed;
  int status = marrow_call_named(M, "marrow--command-line-claim", 1, &name, &claimed);
  if (status != MARROW_OK || !marrow_is_nil(claimed))
    return status;
  if (arg[0] == '-' && arg[1] != '\0') {
    marrow_value args[2] = {marrow_cstring(M, "Unknown option `%s'"), name};
    return marrow_call_named(M, "error", 2, args, NULL);
  }
  if (!script)
    return marrow_call_named(M, "marrow--command-line-visit", 1, &name, NULL);
  *done = true;
  return marrow_load_file(M, arg);
}

/* One action (and its value) from command-line-args-left.  *DONE is
   set when nothing is left or the script has run.  An option marrow
   does not know is Lisp's to handle or reject, at its turn. */
static int next_action(marrow *M, bool script, bool *done)
{
  char *arg = pop_arg(M);
  if (!arg) {
    *done = true;
    return MARROW_OK;
  }
  int status;
  char *eq = arg[0] == '-' && arg[1] == '-' ? strchr(arg, '=') : NULL;
  if (eq && is_action_with_value(arg)) {
    *eq = '\0';
    status = run_action(M, arg, eq + 1);
  } else if (is_action(arg)) {
    char *value = pop_arg(M);
    status = value ? run_action(M, arg, value) : MARROW_ERROR;
    free(value);
  } else {
    status = unclaimed_argument(M, arg, script, done);
  }
  free(arg);
  return status;
}

struct actions {
  int n;
  char **args;
  int script; /* its index in args, or -1 */
  const char *program; /* argv[0] */
};

static int run_actions(marrow *M, void *data)
{
  struct actions *a = data;
  int status = set_args_left(M, a->program, a->n, a->args);
  bool done = false;
  while (status == MARROW_OK && !done)
    status = next_action(M, a->script >= 0, &done);
  return status;
}

/* Conses the strings ARGS[FROM..TO) onto *LIST; false when memory
   runs out. */
static bool push_strings(marrow *M, char **args, int from, int to, marrow_value *list)
{
  for (int i = to - 1; i >= from; i--) {
    *list = marrow_cons(M, marrow_cstring(M, args[i]), *list);
    if (marrow_is_nil(*list))
      return false;
  }
  return true;
}

/* The command line as Emacs's command-line-1 receives it: the options
   Emacs's `command-line' reads already gone, and the script first, as
   "-scriptload" FILE, wherever it was. */
static bool emacs_args_left(marrow *M, const struct actions *a, marrow_value *list)
{
  *list = marrow_nil(M);
  if (a->script < 0)
    return push_strings(M, a->args, 0, a->n, list);
  char *scriptload[] = {"-scriptload", a->args[a->script]};
  return push_strings(M, a->args, a->script + 1, a->n, list) &&
         push_strings(M, a->args, 0, a->script, list) && push_strings(M, scriptload, 0, 2, list);
}

/* Batch Emacs runs the command line in command-line-1, called by
   command-line, called by normal-top-level: its backtraces end in
   their frames, and so do these. */
static int in_command_line_1(marrow *M, void *data)
{
  marrow_value args;
  if (!emacs_args_left(M, data, &args))
    return MARROW_ERROR;
  return marrow_in_frame(M, "command-line-1", 1, &args, run_actions, data);
}

static int in_command_line(marrow *M, void *data)
{
  return marrow_in_frame(M, "command-line", 0, NULL, in_command_line_1, data);
}

static int run_command_line(marrow *M, struct actions *a)
{
  return marrow_in_frame(M, "normal-top-level", 0, NULL, in_command_line, a);
}

/* ================================================================== */
/* Standard input and the REPL                                        */
/* ================================================================== */

static char *read_all(FILE *f, size_t *len)
{
  size_t cap = 65536, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    n += fread(buf + n, 1, cap - n, f);
    if (n < cap)
      break;
    char *bigger = realloc(buf, cap * 2);
    if (!bigger)
      free(buf);
    buf = bigger;
    cap *= 2;
  }
  *len = n;
  return buf;
}

static int run_stdin(marrow *M)
{
  size_t len;
  char *text = read_all(stdin, &len);
  if (!text) {
    fputs("marrow: out of memory reading standard input\n", stderr);
    return EXIT_LISP_ERROR;
  }
  int status = marrow_eval_buffer(M, text, len, NULL, NULL);
  free(text);
  return report(M, status);
}

/* True when TEXT holds at least one form and its brackets are balanced
   outside strings, comments and character literals: the REPL waits for
   more lines until then. */
static bool complete_input(const char *text)
{
  int depth = 0;
  bool in_string = false, any = false;
  for (const char *p = text; *p; p++) {
    if (in_string) {
      if (*p == '\\' && p[1])
        p++;
      else if (*p == '"')
        in_string = false;
    } else if (*p == ';') {
      while (p[1] && p[1] != '\n')
        p++;
    } else if (*p == '?') {
      any = true;
      if (p[1] == '\\' && p[2])
        p += 2;
      else if (p[1])
        p++;
    } else if (*p == '"') {
      in_string = any = true;
    } else if (*p == '(' || *p == '[') {
      depth++;
      any = true;
    } else if (*p == ')' || *p == ']') {
      depth--;
    } else if (*p != ' ' && *p != '\t' && *p != '\n' && *p != '\r') {
      any = true;
    }
  }
  return any && !in_string && depth <= 0;
}

#ifdef HAVE_LINE_EDITING
static char *read_line(const char *prompt)
{
  char *line = readline(prompt);
  return line;
}
static void remember(const char *text) { add_history(text); }

/* ~/.marrow_history, kept between sessions as shells keep theirs. */
static char *history_file(void)
{
  const char *home = getenv("HOME");
  if (!home || !*home)
    return NULL;
  size_t n = strlen(home) + sizeof "/.marrow_history";
  char *path = malloc(n);
  if (path)
    snprintf(path, n, "%s/.marrow_history", home);
  return path;
}
static void load_history(const char *path)
{
  if (path)
    read_history(path);
}
static void save_history(const char *path)
{
  if (path)
    write_history(path);
}
#else
static char *read_line(const char *prompt)
{
  fputs(prompt, stdout);
  fflush(stdout);
  size_t cap = 256, n = 0;
  char *buf = malloc(cap);
  int c;
  while (buf && (c = getchar()) != EOF && c != '\n') {
    if (n + 1 >= cap) {
      char *bigger = realloc(buf, cap *= 2);
      if (!bigger)
        free(buf);
      buf = bigger;
      if (!buf)
        break;
    }
    buf[n++] = (char)c;
  }
  if (!buf || (c == EOF && n == 0)) {
    free(buf);
    return NULL;
  }
  buf[n] = '\0';
  return buf;
}
static void remember(const char *text) { (void)text; }
static char *history_file(void) { return NULL; }
static void load_history(const char *path) { (void)path; }
static void save_history(const char *path) { (void)path; }
#endif

/* Appends LINE and a newline to the growing *TEXT. */
static bool append_line(char **text, size_t *len, const char *line)
{
  size_t n = strlen(line);
  char *bigger = realloc(*text, *len + n + 2);
  if (!bigger)
    return false;
  memcpy(bigger + *len, line, n);
  bigger[*len + n] = '\n';
  bigger[*len + n + 1] = '\0';
  *text = bigger;
  *len += n + 1;
  return true;
}

static void print_result(marrow *M, int status, marrow_value v)
{
  if (status == MARROW_ERROR) {
    const char *msg = marrow_error_message(M);
    fprintf(stderr, "*** Eval error ***  %s\n", msg ? msg : "error");
    return;
  }
  marrow_value text = marrow_print(M, v, 1);
  const char *s = marrow_string_data(M, text, NULL);
  printf("%s\n", s ? s : "#<unprintable>");
}

/* Reads forms until Ctrl-D; returns the exit code. */
static int repl_loop(marrow *M)
{
  char *text = NULL;
  size_t len = 0;
  for (;;) {
    char *line = read_line(len ? "   ... " : "marrow> ");
    if (!line) {
      putchar('\n');
      break;
    }
    bool ok = append_line(&text, &len, line);
    free(line);
    if (!ok || !complete_input(text)) {
      if (!ok || strspn(text, " \t\r\n") == len)
        len = 0;
      continue;
    }
    text[len - 1] = '\0';
    remember(text);
    marrow_value v;
    int status = marrow_eval_buffer(M, text, len - 1, NULL, &v);
    len = 0;
    if (status == MARROW_EXIT) {
      free(text);
      return marrow_exit_code(M);
    }
    print_result(M, status, v);
    fflush(stdout);
  }
  free(text);
  return EXIT_SUCCESS;
}

static int run_repl(marrow *M)
{
  printf("marrow %s -- Emacs Lisp.  Ctrl-D exits.\n", marrow_version());
  char *history = history_file();
  load_history(history);
  int code = repl_loop(M);
  save_history(history);
  free(history);
  return code;
}

/* ================================================================== */
/* main                                                               */
/* ================================================================== */

/* The directory of the program ARGV0 names, with its slash, in a
   malloc'd string: ARGV0's own when it has one, else the first PATH
   entry that holds an executable ARGV0 (Emacs's search); NULL if none. */
static char *program_directory(const char *argv0)
{
  const char *slash = strrchr(argv0, '/');
  if (slash)
    return strndup(argv0, (size_t)(slash - argv0 + 1));
  const char *path = getenv("PATH");
  for (const char *p = path; p && *p;) {
    size_t n = strcspn(p, ":");
    char *dir = malloc(n + strlen(argv0) + 3);
    if (!dir)
      return NULL;
    snprintf(dir, n + 3, "%.*s/", (int)n, n ? p : ".");
    size_t dir_len = strlen(dir);
    strcpy(dir + dir_len, argv0);
    if (access(dir, X_OK) == 0) {
      dir[dir_len] = '\0';
      return dir;
    }
    free(dir);
    p += n + (p[n] == ':');
  }
  return NULL;
}

/* invocation-name and invocation-directory, as Emacs sets them from
   ARGV0: its last component, and its directory made absolute. */
static int set_invocation(marrow *M, const char *argv0)
{
  const char *slash = strrchr(argv0, '/');
  int status = marrow_set_global(M, "invocation-name", marrow_cstring(M, slash ? slash + 1 : argv0));
  char *dir = program_directory(argv0);
  if (status != MARROW_OK || !dir) {
    free(dir);
    return status;
  }
  marrow_value name = marrow_cstring(M, dir), full = name;
  free(dir);
  const char *text = marrow_string_data(M, name, NULL);
  if (!text)
    return MARROW_ERROR;
  if (text[0] != '/')
    status = marrow_call_named(M, "expand-file-name", 1, &name, &full);
  return status == MARROW_OK ? marrow_set_global(M, "invocation-directory", full) : status;
}

static int heap_map_start(marrow *M, const struct heap_map_options *maps)
{
  if (!maps->dir)
    return MARROW_OK;
  return marrow_set_global(M, "heap-map-directory", marrow_cstring(M, maps->dir));
}

/* After everything else ran, whatever the outcome, as the picture of
   the final heap. */
static int heap_map_finish(marrow *M, const struct heap_map_options *maps, int code)
{
  if (!maps->file)
    return code;
  marrow_value file = marrow_cstring(M, maps->file);
  int status = marrow_call_named(M, "heap-map", 1, &file, NULL);
  return status == MARROW_OK ? code : report(M, status);
}

int main(int argc, char **argv)
{
  marrow_options opts;
  marrow_options_init(&opts);
  char **actions = calloc((size_t)argc + 1, sizeof *actions);
  if (!actions)
    return EXIT_LISP_ERROR;
  struct heap_map_options maps = {NULL, NULL};
  struct actions todo = {0, actions, -1, argv[0]};
  todo.n = first_pass(argc, argv, &opts, &maps, actions, &todo.script);
  int nactions = todo.n;
  bool repl = nactions == 0 && isatty(STDIN_FILENO);
  opts.interactive = repl;
  opts.batch_backtrace = !repl;
  marrow *M = marrow_open(&opts);
  if (!M) {
    fputs("marrow: cannot create the Lisp runtime\n", stderr);
    free(actions);
    return EXIT_LISP_ERROR;
  }
  int code;
  if (set_invocation(M, argv[0]) != MARROW_OK || heap_map_start(M, &maps) != MARROW_OK)
    code = report(M, MARROW_ERROR);
  else if (nactions > 0)
    code = report(M, run_command_line(M, &todo));
  else if (repl)
    code = run_repl(M);
  else
    code = run_stdin(M);
  code = heap_map_finish(M, &maps, code);
  free(actions);
  fflush(stdout);
  marrow_close(M);
  return code;
}
