/*
** callproc.c -- layer 5: call-process and call-process-region, as
** Emacs 28's (see callproc.h).
**
** Invariants:
**   - Everything that can signal (argument checks, the destination
**     buffer, the directory, the program's search, opening the files)
**     happens before the fork, and a descriptor opened before a later
**     check fails is closed before the signal.  Between the fork and
**     the wait nothing allocates from the Lisp heap or signals, so the
**     child is always waited for (or, for DESTINATION 0, handed to an
**     intermediate child that exits at once, so no zombie is left).
**   - No process-wide state changes: input goes through a socket
**     written with MSG_NOSIGNAL, so a child that stops reading cannot
**     raise SIGPIPE in the host; SIGCHLD is left alone and the child is
**     reaped by pid.  Every descriptor made here is close-on-exec.
*/
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "callproc.h"
#include "load.h"
#include "buffer.h"
#include "eval.h"
#include "fns.h"
#include "strfns.h"
#include "sysfns.h"

/* What a call needs once its arguments are checked: descriptors for
   the child's standard streams (-1: none yet) and where output goes. */
struct call {
  mval path;        /* the program found */
  mval dir;         /* its working directory */
  mval buffer;      /* the buffer its output goes to, or nil */
  bool no_wait;     /* DESTINATION 0 */
  bool err_discard; /* stderr to the null device */
  mval err_file;    /* stderr to this file, or nil: with stdout */
  mval out_file;    /* (:file FILE)'s FILE, or nil */
  int fd[8];        /* indexed by the enum below; -1 when not open */
  char **envp;      /* from process-environment (malloc'd) */
};
enum { IN_FILE, OUT_FILE, ERR_FILE, NULL_DEV, FEED, FEED_CHILD, PIPE_R, PIPE_W, NFDS };

static void close_fd(int *fd)
{
  if (*fd >= 0)
    close(*fd);
  *fd = -1;
}

static void close_call(struct call *c)
{
  if (!c)
    return;
  free(c->envp);
  c->envp = NULL;
  for (int i = 0; i < NFDS; i++)
    close_fd(&c->fd[i]);
}

/* The unwind entry of call_program: ARG is its struct call's address. */
static void close_call_on_exit(mrt *rt, mval arg)
{
  close_call((struct call *)(intptr_t)XFIXNUM(arg));
}

/* Closes C's descriptors, then signals file-missing or file-error as
   Emacs's report_file_error does. */
static _Noreturn void file_failure(mrt *rt, struct call *c, const char *what, int err, mval name)
{
  close_call(c);
  mrt_signal(rt, err == ENOENT ? Qfile_missing : Qfile_error,
             list3(rt, make_cstring(rt, what), make_cstring(rt, strerror(err)), name));
}

static mval expand(mrt *rt, mval name, mval dir)
{
  return call2(rt, intern(rt, "expand-file-name"), name, dir);
}

static const char *cstr(mval s) { return (const char *)XSTRING(s)->data; }

/* ---- Before the child: checking and finding ---- */

/* Whether PATH is a program to run; a directory sets *ERR to EISDIR,
   which Emacs reports when nothing better is found. */
static bool executable(mval path, int *err)
{
  struct stat st;
  if (stat(cstr(path), &st) != 0)
    return false;
  if (S_ISDIR(st.st_mode))
    *err = EISDIR;
  return S_ISREG(st.st_mode) && access(cstr(path), X_OK) == 0;
}

/* PROGRAM's file: itself if it names a directory, else the first
   executable one along exec-path (nil there: default-directory); nil
   with the reason in *ERR when there is none. */
static mval find_program(mrt *rt, mval program, mval dir, int *err)
{
  *err = ENOENT;
  if (strchr(cstr(program), '/') || XSTRING(program)->nbytes == 0) {
    mval path = expand(rt, program, dir);
    return executable(path, err) ? path : Qnil;
  }
  for (mval l = find_symbol_value(rt, intern(rt, "exec-path")); CONSP(l); l = XCDR(l)) {
    mval d = NILP(XCAR(l)) ? dir : XCAR(l);
    if (!STRINGP(d))
      continue;
    mval path = expand(rt, program, d);
    if (executable(path, err))
      return path;
  }
  return Qnil;
}

/* DESTINATION's meaning in C: t, nil, 0, a buffer or its name,
   (REAL-DESTINATION ERROR-DESTINATION) or (:file FILE). */
static void parse_destination(mrt *rt, mval dest, struct call *c)
{
  if (CONSP(dest) && XCAR(dest) == intern(rt, ":file")) {
    mval file = CONSP(XCDR(dest)) ? XCAR(XCDR(dest)) : Qnil;
    CHECK_STRING(rt, file);
    c->out_file = expand(rt, file, Qnil);
    return;
  }
  mval real = dest;
  if (CONSP(dest)) {
    real = XCAR(dest);
    mval err = CONSP(XCDR(dest)) ? XCAR(XCDR(dest)) : Qnil;
    if (NILP(err))
      c->err_discard = true;
    else if (err != Qt) {
      CHECK_STRING(rt, err);
      c->err_file = expand(rt, err, Qnil);
    }
  }
  if (real == Qt)
    c->buffer = current_buffer(rt);
  else if (FIXNUMP(real)) /* any integer, as 0 */
    c->no_wait = true;
  else if (!NILP(real))
    c->buffer = call1(rt, intern(rt, "get-buffer-create"), real);
}

mval callproc_file_handler(mrt *rt, mval file, mval operation)
{
  return file_name_handler(rt, file, operation);
}

/* The current buffer's default-directory, which must be one; as a
   program sees it, when a file name handler (Tramp's, say) has it
   elsewhere: "~" if the handler says there is no such place. */
static mval working_directory(mrt *rt, struct call *c)
{
  mval dir = find_symbol_value(rt, intern(rt, "default-directory"));
  CHECK_STRING(rt, dir);
  if (!NILP(callproc_file_handler(rt, dir, intern(rt, "unhandled-file-name-directory")))) {
    dir = call1(rt, intern(rt, "unhandled-file-name-directory"), dir);
    if (!STRINGP(dir))
      dir = make_cstring(rt, "~");
  }
  dir = expand(rt, dir, Qnil);
  struct stat st;
  if (stat(cstr(dir), &st) != 0)
    file_failure(rt, c, "Setting current directory", errno, dir);
  if (!S_ISDIR(st.st_mode))
    file_failure(rt, c, "Setting current directory", ENOTDIR, dir);
  return dir;
}

static int open_or_fail(mrt *rt, struct call *c, mval file, int flags, const char *what)
{
  int fd = open(cstr(file), flags | O_CLOEXEC, 0666);
  if (fd < 0)
    file_failure(rt, c, what, errno, file);
  return fd;
}

/* ---- The child ---- */

/* Makes FD the child's descriptor TO, open across exec. */
static int give_fd(int fd, int to)
{
  if (fd == to)
    return fcntl(fd, F_SETFD, 0);
  return dup2(fd, to) < 0 ? -1 : 0;
}

/* After fork, in the child: only async-signal-safe calls.  With
   NO_WAIT it forks again and exits, leaving the grandchild to init. */
static _Noreturn void run_child(const struct call *c, char **argv, int in, int out, int err)
{
  if (c->no_wait) {
    pid_t p = fork();
    if (p != 0)
      _exit(p < 0 ? 127 : 0);
  }
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  signal(SIGPIPE, SIG_DFL);
  if (give_fd(in, 0) < 0 || give_fd(out, 1) < 0 || give_fd(err, 2) < 0 || chdir(cstr(c->dir)) < 0)
    _exit(127);
  execve(cstr(c->path), argv, c->envp);
  _exit(127);
}

/* ---- The parent: feeding, collecting, waiting ---- */

struct bytes {
  char *data;
  size_t len, cap;
};

static bool keep_bytes(struct bytes *b, const char *p, size_t n)
{
  if (b->len + n > b->cap) {
    size_t cap = b->cap ? b->cap * 2 : 4096;
    while (cap < b->len + n)
      cap *= 2;
    char *d = realloc(b->data, cap);
    if (!d)
      return false;
    b->data = d;
    b->cap = cap;
  }
  memcpy(b->data + b->len, p, n);
  b->len += n;
  return true;
}

/* Writes INPUT to *FEED and reads *OUT into OUTPUT until both are done
   (either may be -1), closing each at its end. */
static void exchange(int *feed, const uint8_t *input, size_t len, int *out, struct bytes *output)
{
  size_t sent = 0;
  if (*feed >= 0 && len == 0)
    close_fd(feed);
  while (*feed >= 0 || *out >= 0) {
    struct pollfd p[2] = { { *feed, POLLOUT, 0 }, { *out, POLLIN, 0 } };
    if (poll(p, 2, -1) < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    if (*feed >= 0 && p[0].revents) {
      ssize_t n = send(*feed, input + sent, len - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
      if (n > 0)
        sent += (size_t)n;
      if ((n < 0 && errno != EINTR && errno != EAGAIN) || sent == len)
        close_fd(feed);
    }
    if (*out >= 0 && p[1].revents) {
      char chunk[16384];
      ssize_t n = read(*out, chunk, sizeof chunk);
      if (n > 0 && !keep_bytes(output, chunk, (size_t)n))
        n = 0; /* out of memory: stop reading, the child gets SIGPIPE */
      if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN))
        close_fd(out);
    }
  }
  close_fd(feed);
  close_fd(out);
}

static int wait_for(pid_t pid)
{
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      return 0; /* reaped elsewhere (the host ignores SIGCHLD) */
  return status;
}

/* The exit status as call-process returns it: a number, or the name
   of the signal that killed the program. */
static mval status_value(mrt *rt, int status)
{
  if (WIFSIGNALED(status)) {
    const char *name = strsignal(WTERMSIG(status));
    return make_cstring(rt, name ? name : "unknown");
  }
  return make_fixnum(WIFEXITED(status) ? WEXITSTATUS(status) : 0);
}

/* Inserts the program's output BYTES in BUFFER at its point: decoded
   by utf-8-unix, Emacs's default-process-coding-system in a UTF-8
   locale (carriage returns stay), raw in a unibyte buffer. */
static void insert_output(mrt *rt, mval buffer, mval bytes)
{
  if (XSTRING(bytes)->nbytes == 0 || !STRINGP(XBUFFER(buffer)->name))
    return;
  mval multibyte = call2(rt, intern(rt, "buffer-local-value"), intern(rt, "enable-multibyte-characters"), buffer);
  if (!NILP(multibyte))
    bytes = call2(rt, intern(rt, "decode-coding-string"), bytes, intern(rt, "utf-8-unix"));
  buffer_insert_string(rt, buffer, bytes);
}

/* ---- The calls ---- */

/* SV made close-on-exec (pipe2 and SOCK_CLOEXEC are not POSIX). */
static int cloexec_pair(int r, int sv[2])
{
  if (r < 0)
    return -1;
  for (int i = 0; i < 2; i++)
    fcntl(sv[i], F_SETFD, FD_CLOEXEC);
  return 0;
}

/* Opens what the child's streams need: the null device, the socket
   INPUT goes through, the pipe its output comes back by. */
static void open_streams(mrt *rt, struct call *c, bool feed)
{
  c->fd[NULL_DEV] = open_or_fail(rt, c, make_cstring(rt, "/dev/null"), O_RDWR, "Opening null device");
  int sv[2];
  if (feed) {
    if (cloexec_pair(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), sv) < 0)
      file_failure(rt, c, "Creating process input", errno, Qnil);
    c->fd[FEED] = sv[0], c->fd[FEED_CHILD] = sv[1];
  }
  if (!NILP(c->buffer) && !c->no_wait) {
    if (cloexec_pair(pipe(sv), sv) < 0)
      file_failure(rt, c, "Creating process pipe", errno, Qnil);
    c->fd[PIPE_R] = sv[0], c->fd[PIPE_W] = sv[1];
  }
}

static int first_open(int a, int b) { return a >= 0 ? a : b; }

/* Starts the child with ARGV, feeds it INPUT (LEN bytes), collects its
   output in OUT and waits for it: its wait status. */
static int run(mrt *rt, struct call *c, char **argv, const uint8_t *input, size_t len,
               struct bytes *out)
{
  int *fd = c->fd;
  int in = first_open(fd[FEED_CHILD], first_open(fd[IN_FILE], fd[NULL_DEV]));
  int o = first_open(fd[OUT_FILE], first_open(fd[PIPE_W], fd[NULL_DEV]));
  int e = fd[ERR_FILE] >= 0 ? fd[ERR_FILE] : c->err_discard || c->no_wait ? fd[NULL_DEV] : o;
  pid_t pid = fork();
  if (pid == 0)
    run_child(c, argv, in, o, e);
  int err = errno;
  const int child_ends[] = {IN_FILE, OUT_FILE, ERR_FILE, NULL_DEV, FEED_CHILD, PIPE_W};
  for (size_t i = 0; i < sizeof child_ends / sizeof child_ends[0]; i++)
    close_fd(&fd[child_ends[i]]);
  if (pid < 0)
    return -err - 1;
  exchange(&fd[FEED], input, len, &fd[PIPE_R], out);
  return wait_for(pid);
}

/* The program's environment from process-environment: each name's
   first entry, "NAME=VALUE" kept and a bare "NAME" left out; a
   malloc'd array of pointers into the strings, which the caller keeps
   reachable (they are in the list) until the child has started. */
static char **environment_of(mrt *rt, struct call *c)
{
  mval env = find_symbol_value(rt, intern(rt, "process-environment"));
  if (env == Qunbound)
    env = Qnil;
  /* length signals for a circular or dotted list, before any malloc. */
  size_t n = (size_t)XFIXNUM(call1(rt, intern(rt, "length"), env));
  char **envp = malloc((n + 1) * sizeof *envp);
  if (!envp) {
    close_call(c);
    memory_full(rt);
  }
  size_t kept = 0;
  for (mval l = env; CONSP(l); l = XCDR(l)) {
    if (!STRINGP(XCAR(l)))
      continue;
    const char *e = cstr(XCAR(l));
    size_t name = strcspn(e, "=");
    bool seen = false;
    for (mval p = env; p != l && !seen; p = XCDR(p))
      seen = STRINGP(XCAR(p))
             && environment_entry_named(cstr(XCAR(p)), (size_t)XSTRING(XCAR(p))->nbytes, e, name);
    if (!seen && e[name] == '=')
      envp[kept++] = (char *)e;
  }
  envp[kept] = NULL;
  return envp;
}

/* Runs PROGRAM with the NARGS strings ARGS, its input the file INFILE
   (nil: the null device) or, when INPUT is a string, its text, and its
   output where DESTINATION says. */
static mval call_program(mrt *rt, mval program, mval infile, mval input, mval dest, int nargs,
                         mval *args)
{
  CHECK_STRING(rt, program);
  for (int i = 0; i < nargs; i++)
    CHECK_STRING(rt, args[i]);
  struct call c = { .path = Qnil, .dir = Qnil, .buffer = Qnil, .err_file = Qnil, .out_file = Qnil,
                    .envp = NULL };
  for (int i = 0; i < NFDS; i++)
    c.fd[i] = -1;
  /* Whatever signals from here on (a bad destination, memory running
     out) leaves nothing open or allocated. */
  size_t depth = rt->specpdl_depth;
  record_unwind(rt, close_call_on_exit, make_fixnum((intptr_t)&c));
  c.envp = environment_of(rt, &c);
  parse_destination(rt, dest, &c);
  c.dir = working_directory(rt, &c);
  int err;
  c.path = find_program(rt, program, c.dir, &err);
  if (NILP(c.path))
    file_failure(rt, &c, "Searching for program", err, program);
  if (!NILP(infile)) {
    CHECK_STRING(rt, infile);
    infile = expand(rt, infile, c.dir);
    c.fd[IN_FILE] = open_or_fail(rt, &c, infile, O_RDONLY, "Opening process input file");
  }
  if (!NILP(c.out_file))
    c.fd[OUT_FILE] = open_or_fail(rt, &c, c.out_file, O_WRONLY | O_CREAT | O_TRUNC, "Opening process output file");
  if (!NILP(c.err_file))
    c.fd[ERR_FILE] = open_or_fail(rt, &c, c.err_file, O_WRONLY | O_CREAT | O_TRUNC, "Cannot redirect stderr");
  mval bytes = NILP(input) ? Qnil : call2(rt, intern(rt, "encode-coding-string"), input, intern(rt, "utf-8"));
  open_streams(rt, &c, !NILP(bytes));
  char **argv = malloc((size_t)(nargs + 2) * sizeof *argv);
  if (!argv) {
    close_call(&c);
    memory_full(rt);
  }
  argv[0] = (char *)cstr(program);
  for (int i = 0; i < nargs; i++)
    argv[i + 1] = (char *)cstr(args[i]);
  argv[nargs + 1] = NULL;
  struct bytes out = { NULL, 0, 0 };
  const uint8_t *in = NILP(bytes) ? NULL : XSTRING(bytes)->data;
  int status = run(rt, &c, argv, in, NILP(bytes) ? 0 : (size_t)XSTRING(bytes)->nbytes, &out);
  free(argv);
  unbind_to(rt, depth);
  mval output = make_unibyte_string(rt, out.data ? out.data : "", out.len);
  free(out.data);
  if (status < 0)
    mrt_signal(rt, Qfile_error, list3(rt, make_cstring(rt, "Doing fork"),
                                      make_cstring(rt, strerror(-status - 1)), program));
  if (c.no_wait)
    return Qnil;
  if (!NILP(c.buffer))
    insert_output(rt, c.buffer, output);
  return status_value(rt, status);
}

/* Argument I of the N in A, nil when not given. */
static mval arg(int n, mval *a, int i) { return i < n ? a[i] : Qnil; }

/* (call-process PROGRAM &optional INFILE DESTINATION DISPLAY &rest ARGS) */
static mval Fcall_process(mrt *rt, int n, mval *a)
{
  return call_program(rt, a[0], arg(n, a, 1), Qnil, arg(n, a, 2), n > 4 ? n - 4 : 0, a + 4);
}

/* (call-process-region START END PROGRAM &optional DELETE DESTINATION
   DISPLAY &rest ARGS): the text from START to END (the whole buffer's
   accessible text when START is nil; START itself when a string) as
   the program's input, deleted first if DELETE. */
static mval Fcall_process_region(mrt *rt, int n, mval *a)
{
  mval start = a[0], end = a[1], del = arg(n, a, 3), dest = arg(n, a, 4);
  if (NILP(start)) {
    start = call0(rt, intern(rt, "point-min"));
    end = call0(rt, intern(rt, "point-max"));
  }
  mval input = STRINGP(start) ? start : call2(rt, intern(rt, "buffer-substring-no-properties"), start, end);
  if (!NILP(del) && !STRINGP(start))
    call2(rt, intern(rt, "delete-region"), start, end);
  return call_program(rt, a[2], Qnil, input, dest, n > 6 ? n - 6 : 0, a + 6);
}

/* exec-path's value at start: PATH's directories, an empty one as nil
   (default-directory), as Emacs reads it. */
static mval path_directories(mrt *rt)
{
  const char *path = getenv("PATH");
  if (!path)
    path = "/usr/local/bin:/usr/bin:/bin";
  mval dirs = Qnil;
  for (const char *p = path;; ) {
    size_t len = strcspn(p, ":");
    dirs = Fcons(rt, len ? make_string(rt, p, len) : Qnil, dirs);
    if (!p[len])
      break;
    p += len + 1;
  }
  return nreverse_list(rt, dirs);
}

static const struct subr_def callproc_subrs[] = {
  { "call-process", Fcall_process, 1, ARGS_MANY },
  { "call-process-region", Fcall_process_region, 3, ARGS_MANY },
};

/* ---- For make-process (process.c) ---- */

char **callproc_environment(mrt *rt) { return environment_of(rt, NULL); }

mval callproc_directory(mrt *rt) { return working_directory(rt, NULL); }

mval callproc_find_program(mrt *rt, mval program, mval dir)
{
  CHECK_STRING(rt, program);
  int err;
  mval path = find_program(rt, program, dir, &err);
  if (NILP(path))
    file_failure(rt, NULL, "Searching for program", err, program);
  return path;
}

void callproc_init(mrt *rt)
{
  defsubrs(rt, callproc_subrs, sizeof callproc_subrs / sizeof callproc_subrs[0]);
  defvar(rt, intern(rt, "exec-path"), path_directories(rt));
  const char *shell = getenv("SHELL");
  defvar(rt, intern(rt, "shell-file-name"), make_cstring(rt, shell ? shell : "/bin/sh"));
  defvar(rt, intern(rt, "shell-command-switch"), make_cstring(rt, "-c"));
  defvar(rt, intern(rt, "exec-suffixes"), list1(rt, make_cstring(rt, "")));
}
