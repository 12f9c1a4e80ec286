/*
** process.c -- layer 5: asynchronous processes, as Emacs 28's
** make-process, accept-process-output and friends (see process.h).
**
** Invariants:
**   - A process is a PVEC_PROCESS of Lisp slots only (descriptors and
**     the pid are fixnums), so the collector needs nothing special; a
**     live one is on rt->processes, a root, until its exit has been
**     reported to its sentinel or it is deleted.  Its type is real (a
**     child, on a pty or a socket and a pipe; or, made with no :command,
**     no child, pid -2, on a pty or nothing), pipe (make-pipe-process)
**     or network (a socket).
**   - Whatever can signal is done before a descriptor is opened, or
**     after the process owning it is listed (enlist, which does not
**     allocate): a signal can never leave a descriptor unowned.
**   - A child is reaped (waitpid WNOHANG, by pid) only here; its
**     descriptors are closed when it is reaped or deleted, and by
**     process_close.  SIGCHLD is left alone: the wait polls instead.
**   - Filters and sentinels run only from process_wait and
**     delete-process, never inside an allocation.
*/
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1 /* ptsname_r, pipe2 */
#endif
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <termios.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "process.h"
#include "coding.h"
#include "buffer.h"
#include "callproc.h"
#include "eval.h"
#include "fns.h"
#include "strfns.h"
#include "sysfns.h"

enum {
  PS_NAME, PS_BUFFER, PS_COMMAND, PS_FILTER, PS_SENTINEL, PS_PLIST, PS_MARK,
  PS_STATUS,  /* run, exit or signal */
  PS_CODE,    /* exit code or signal number */
  PS_PID,
  PS_QUERY,   /* query-on-exit flag */
  PS_IN,      /* the socket to the child's stdin, or -1; EOF_SENT after EOF */
  PS_OUT,     /* the pipe from its stdout and stderr, or -1 */
  PS_EVENT,   /* a status change not yet told to the sentinel, or nil */
  PS_TYPE,    /* real (a child) or pipe (make-pipe-process) */
  PS_TTY,     /* the child's terminal's name, or nil */
  PS_PTY,     /* t when PS_IN is a pty master: EOF is a C-d then */
  PS_PEER,    /* a pipe process's write end, a child's stderr-to-be, or -1 */
  PS_PEER_IN, /* the far end of a pipe process's input socket, or -1 */
  PS_CONTACT, /* a network process's arguments and addresses */
  PS_SERVER,  /* t for a listening network process */
  PS_NOWAIT,  /* t for a :nowait client until its sentinel hears "open" */
  PS_STDERR,  /* the pipe process given the child's stderr, or nil */
  PS_CODING,  /* (DECODING . ENCODING), as process-coding-system says */
  PS_NSLOTS
};

/* PS_IN after process-send-eof on a socket or pipe: what is sent then
   is thrown away, as Emacs writes it to /dev/null. */
enum { EOF_SENT = -2 };
/* PS_PID of a process made with no :command, which has no child (Emacs
   gives it this pid too). */
enum { NO_CHILD = -2 };

static bool PROCESSP(mval x) { return PVECP(x, PVEC_PROCESS); }
static mval sym(mrt *rt, const char *name) { return intern(rt, name); }
static int fd_of(mval p, int slot) { return (int)XFIXNUM(AREF(p, slot)); }
static void set(mrt *rt, mval p, int slot, mval v) { gc_aset(rt->gc, p, slot, v); }
static const char *cstr(mval s) { return (const char *)XSTRING(s)->data; }

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static double seconds_arg(mrt *rt, mval x)
{
  CHECK_TYPE(rt, NUMBERP(x), Qnumberp, x);
  return FLOATP(x) ? XFLOAT(x) : (double)XFIXNUM(x);
}

/* ---- Finding processes ---- */

static mval find_named(mrt *rt, mval name)
{
  for (mval l = rt->processes; CONSP(l); l = XCDR(l))
    if (call2(rt, sym(rt, "string="), AREF(XCAR(l), PS_NAME), name) != Qnil)
      return XCAR(l);
  return Qnil;
}

/* A process, or the name of one, as Emacs's get_process takes it; a
   buffer names its process; nil is the current buffer's. */
static mval get_proc(mrt *rt, mval x)
{
  if (PROCESSP(x))
    return x;
  mval p = Qnil;
  if (STRINGP(x)) {
    p = find_named(rt, x);
    if (NILP(p) && NILP(call1(rt, sym(rt, "get-buffer"), x)))
      mrt_errorf(rt, "Process %s does not exist", cstr(x));
    if (NILP(p))
      x = call1(rt, sym(rt, "get-buffer"), x);
  }
  if (NILP(x))
    x = current_buffer(rt);
  if (NILP(p) && BUFFERP(x)) {
    for (mval l = rt->processes; CONSP(l) && NILP(p); l = XCDR(l))
      if (AREF(XCAR(l), PS_BUFFER) == x)
        p = XCAR(l);
    if (NILP(p))
      mrt_errorf(rt, "Buffer %s has no process", cstr(XBUFFER(x)->name));
  }
  if (NILP(p))
    wrong_type_argument(rt, sym(rt, "processp"), x);
  return p;
}

static mval check_proc(mrt *rt, mval x)
{
  CHECK_TYPE(rt, PROCESSP(x), sym(rt, "processp"), x);
  return x;
}

/* ---- Descriptors and children ---- */

static void close_slot(mval p, int slot)
{
  int fd = fd_of(p, slot);
  if (fd >= 0)
    close(fd);
  ASET_FIXNUM(p, slot, make_fixnum(-1));
}

static void close_all(mval p)
{
  close_slot(p, PS_IN);
  close_slot(p, PS_OUT);
  close_slot(p, PS_PEER);
  close_slot(p, PS_PEER_IN);
}

static void unlist(mrt *rt, mval p)
{
  rt->processes = call2(rt, sym(rt, "delq"), p, rt->processes);
}

static bool is_pipe(mrt *rt, mval p) { return AREF(p, PS_TYPE) == sym(rt, "pipe"); }
static bool is_network(mrt *rt, mval p) { return AREF(p, PS_TYPE) == sym(rt, "network"); }
static bool is_server(mval p) { return !NILP(AREF(p, PS_SERVER)); }

/* Ends P, which has no child: its status exit CODE, its sentinel to
   hear EVENT. */
static void end_process(mrt *rt, mval p, int code, const char *event)
{
  close_all(p);
  set(rt, p, PS_STATUS, sym(rt, "exit"));
  ASET_FIXNUM(p, PS_CODE, make_fixnum(code));
  set(rt, p, PS_EVENT, make_cstring(rt, event));
}

/* The event string Emacs gives a sentinel for wait STATUS. */
static mval event_text(mrt *rt, int status)
{
  char buf[160];
  if (WIFSIGNALED(status)) {
    const char *name = strsignal(WTERMSIG(status));
    snprintf(buf, sizeof buf, "%s%s\n", name ? name : "unknown", WCOREDUMP(status) ? " (core dumped)" : "");
    if (buf[0] >= 'A' && buf[0] <= 'Z')
      buf[0] = (char)(buf[0] - 'A' + 'a');
  } else if (WEXITSTATUS(status) == 0)
    snprintf(buf, sizeof buf, "finished\n");
  else
    snprintf(buf, sizeof buf, "exited abnormally with code %d\n", WEXITSTATUS(status));
  return make_cstring(rt, buf);
}

static void record_status(mrt *rt, mval p, int status)
{
  bool sig = WIFSIGNALED(status);
  set(rt, p, PS_STATUS, sym(rt, sig ? "signal" : "exit"));
  ASET_FIXNUM(p, PS_CODE, make_fixnum(sig ? WTERMSIG(status) : WEXITSTATUS(status)));
  set(rt, p, PS_EVENT, event_text(rt, status));
}

static bool is_running(mrt *rt, mval p) { return AREF(p, PS_STATUS) == Qrun; }

/* ---- Output ---- */

/* Hands BYTES read from P to its filter, decoded by P's decoding
   (utf-8-unix unless asked otherwise: carriage returns stay). */
static void deliver(mrt *rt, mval p, const char *data, size_t n)
{
  mval text = make_unibyte_string(rt, data, n);
  mval decoding = XCAR(AREF(p, PS_CODING)); /* always a cons */
  if (!NILP(decoding))
    text = call2(rt, sym(rt, "decode-coding-string"), text, decoding);
  call3(rt, sym(rt, "process--call"), AREF(p, PS_FILTER), p, text);
}

/* Reads what is there from P's output: whether any came.  EOF closes
   the descriptor. */
/* A filter of t stops the reading of P's output until it changes. */
static bool reading_stopped(mval p) { return AREF(p, PS_FILTER) == Qt; }

static bool read_output(mrt *rt, mval p)
{
  int fd = fd_of(p, PS_OUT);
  if (fd < 0 || reading_stopped(p))
    return false;
  char chunk[4096];
  ssize_t n;
  while ((n = read(fd, chunk, sizeof chunk)) < 0 && errno == EINTR)
    ;
  if (n > 0) {
    deliver(rt, p, chunk, (size_t)n);
    return true;
  }
  if (n == 0 || errno != EAGAIN) {
    close_slot(p, PS_OUT);
    if (is_pipe(rt, p) && is_running(rt, p)) /* its writers are gone: it is closed */
      end_process(rt, p, 0, "finished\n");
    else if (is_network(rt, p) && is_running(rt, p))
      end_process(rt, p, 256, "connection broken by remote peer\n");
  }
  return false;
}

/* Reaps P's child if it has ended, reading the rest of its output
   first; whether its status changed. */
static bool reap(mrt *rt, mval p)
{
  if (!is_running(rt, p) || fd_of(p, PS_PID) <= 0)
    return false;
  int status;
  pid_t r;
  while ((r = waitpid((pid_t)fd_of(p, PS_PID), &status, WNOHANG)) < 0 && errno == EINTR)
    ;
  if (r == 0)
    return false;
  if (r < 0)
    status = 0; /* reaped elsewhere (the host ignores SIGCHLD) */
  while (read_output(rt, p))
    ;
  /* Its errors too, so that they come before its sentinel hears of
     its end, as in Emacs. */
  mval errproc = AREF(p, PS_STDERR);
  while (PROCESSP(errproc) && read_output(rt, errproc))
    ;
  close_all(p);
  record_status(rt, p, status);
  return true;
}

/* Tells P's sentinel of its pending status change; an ended process
   leaves the process list then, as in Emacs. */
static void notify(mrt *rt, mval p)
{
  mval event = AREF(p, PS_EVENT);
  if (NILP(event))
    return;
  set(rt, p, PS_EVENT, Qnil);
  set(rt, p, PS_NOWAIT, Qnil);
  if (!is_running(rt, p))
    unlist(rt, p);
  call3(rt, sym(rt, "process--call"), AREF(p, PS_SENTINEL), p, event);
}

static void notify_all(mrt *rt)
{
  mval l = call1(rt, sym(rt, "copy-sequence"), rt->processes);
  for (; CONSP(l); l = XCDR(l))
    notify(rt, XCAR(l));
}

/* ---- Waiting ---- */

static bool accept_connection(mrt *rt, mval server);

/* One poll over the output of the processes (only WAIT_PROC's with
   JUST_THIS_ONE) for at most TIMEOUT seconds; reads what came and reaps
   the children that ended.  Whether WAIT_PROC's output (nil: any) came;
   *CHANGED says whether WAIT_PROC's status changed. */
static bool poll_once(mrt *rt, double timeout, mval wait_proc, bool just_this_one, bool *changed)
{
  mval procs = NILP(wait_proc) || !just_this_one ? call1(rt, sym(rt, "copy-sequence"), rt->processes)
                                                 : list1(rt, wait_proc);
  struct pollfd fds[256];
  mval who[256];
  int n = 0, live = 0;
  for (mval l = procs; CONSP(l) && n < 256; l = XCDR(l)) {
    live += is_running(rt, XCAR(l));
    if (fd_of(XCAR(l), PS_OUT) >= 0 && !reading_stopped(XCAR(l))) {
      fds[n] = (struct pollfd){ fd_of(XCAR(l), PS_OUT), POLLIN, 0 };
      who[n++] = XCAR(l);
    }
  }
  /* A child that ended with its output held open elsewhere closes
     nothing we see: look for it now and then. */
  if (live && (timeout < 0 || timeout > 0.05))
    timeout = 0.05;
  int ms = timeout < 0 ? -1 : (int)ceil(timeout * 1000);
  int r = poll(fds, (nfds_t)n, ms);
  bool got = false;
  for (int i = 0; r > 0 && i < n; i++) {
    if (!fds[i].revents)
      continue;
    bool mine = NILP(wait_proc) || who[i] == wait_proc;
    if (is_server(who[i])) {
      *changed |= accept_connection(rt, who[i]) && mine;
      continue;
    }
    bool ran = is_running(rt, who[i]);
    if (read_output(rt, who[i]) && mine)
      got = true;
    if (ran && !is_running(rt, who[i]) && mine) /* a pipe process closed */
      *changed = true;
  }
  for (mval l = procs; CONSP(l); l = XCDR(l))
    if (reap(rt, XCAR(l)) && (XCAR(l) == wait_proc || NILP(wait_proc)))
      *changed = true;
  return got;
}

bool process_wait(mrt *rt, double seconds, mval wait_proc, bool just_this_one, bool stop_early)
{
  double end = seconds < 0 ? -1 : now() + seconds;
  bool got = false;
  for (;;) {
    double next = sysfns_run_due_timers(rt);
    double left = end < 0 ? -1 : seconds == 0 ? 0 : end - now();
    if (end >= 0 && !(left > 0) && seconds > 0)
      break;
    if (next >= 0 && (left < 0 || next < left))
      left = next;
    bool changed = false;
    if (NILP(rt->processes) && left < 0)
      break; /* nothing could ever end this wait */
    got |= poll_once(rt, left < 0 ? -1 : left, wait_proc, just_this_one, &changed);
    notify_all(rt);
    if (stop_early && (got || changed || (PROCESSP(wait_proc) && !is_running(rt, wait_proc) &&
                                          fd_of(wait_proc, PS_OUT) < 0)))
      break;
    if (seconds == 0)
      break;
  }
  return got;
}

/* ---- Starting ---- */

/* How a child's standard streams are connected: a pty for its input
   and output, or a socket and a pipe; its errors go with its output
   unless ERR is a descriptor.  IN and OUT are the parent's ends. */
struct child_io {
  bool pty;
  int err;
  int in, out, child_in, child_out;
  char tty[64];
};

static void close_fd(int *fd)
{
  if (*fd >= 0)
    close(*fd);
  *fd = -1;
}

static void close_channels(struct child_io *io)
{
  close_fd(&io->in), close_fd(&io->out), close_fd(&io->child_in), close_fd(&io->child_out);
}

/* The terminal mode Emacs gives its children: lines edited by the
   terminal but not echoed, no CR added before NL on output, C-d the
   end of file, C-c and C-\ signals. */
static void set_child_mode(int tty)
{
  struct termios t;
  if (tcgetattr(tty, &t) < 0)
    return;
  t.c_iflag &= ~(tcflag_t)(BRKINT | INLCR | IGNCR | IXANY | IMAXBEL | IUTF8);
  t.c_iflag |= ICRNL | IXON;
  t.c_oflag &= ~(tcflag_t)(ONLCR | OCRNL | ONLRET);
  t.c_oflag |= OPOST;
  t.c_lflag &= ~(tcflag_t)(ECHO | ECHONL | TOSTOP);
  t.c_lflag |= ISIG | ICANON | IEXTEN | ECHOE | ECHOK | ECHOCTL | ECHOKE;
  t.c_cflag &= ~(tcflag_t)HUPCL;
  t.c_cc[VERASE] = t.c_cc[VKILL] = _POSIX_VDISABLE;
  t.c_cc[VEOF] = 4, t.c_cc[VINTR] = 3, t.c_cc[VQUIT] = 28;
  tcsetattr(tty, TCSANOW, &t);
}

/* A new pty's master, its slave in *SLAVE and its name in NAME, the
   terminal's modes as they come; -1 with errno when there is none,
   nothing left open. */
static int open_terminal(int *slave, char *name, size_t size)
{
  int master = posix_openpt(O_RDWR | O_NOCTTY);
  if (master < 0)
    return -1;
  fcntl(master, F_SETFD, FD_CLOEXEC);
  int err = grantpt(master) < 0 || unlockpt(master) < 0 ? errno : ptsname_r(master, name, size);
  if (err == 0 && (*slave = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)) < 0)
    err = errno;
  if (err != 0) {
    close(master);
    errno = err;
    return -1;
  }
  return master;
}

/* The same in the modes a child gets. */
static int open_pty(int *slave, char *name, size_t size)
{
  int master = open_terminal(slave, name, size);
  if (master >= 0)
    set_child_mode(*slave);
  return master;
}

/* Opens IO's descriptors, all close-on-exec (no other child may
   inherit them); false with errno, nothing left open, on failure. */
static bool open_channels(struct child_io *io)
{
  io->in = io->out = io->child_in = io->child_out = -1;
  if (io->pty) {
    io->out = open_pty(&io->child_in, io->tty, sizeof io->tty);
    if (io->out >= 0) { /* one descriptor each way, so each closes alone */
      io->in = fcntl(io->out, F_DUPFD_CLOEXEC, 0);
      io->child_out = fcntl(io->child_in, F_DUPFD_CLOEXEC, 0);
    }
  } else {
    int sv[2], pv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) == 0)
      io->in = sv[0], io->child_in = sv[1];
    if (io->in >= 0 && pipe2(pv, O_CLOEXEC) == 0)
      io->out = pv[0], io->child_out = pv[1];
  }
  if (io->in >= 0 && io->out >= 0 && io->child_in >= 0 && io->child_out >= 0)
    return true;
  int err = errno;
  close_channels(io);
  errno = err;
  return false;
}

/* Signals a host may ignore, which exec would leave ignored. */
static const int reset_signals[] = {SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGCHLD, SIGALRM};

/* After fork, in the child: only async-signal-safe calls.  It is its
   own process group (the parent sets that too, so neither waits on
   the other) for interrupt-process and kill-process to reach; with a
   pty, its own session with the pty its terminal, as in Emacs. */
static _Noreturn void exec_child(char **argv, char **envp, const char *dir, const struct child_io *io)
{
  if (io->pty) {
    setsid();
    ioctl(io->child_in, TIOCSCTTY, 0);
  } else
    setpgid(0, 0);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  for (size_t i = 0; i < sizeof reset_signals / sizeof reset_signals[0]; i++)
    signal(reset_signals[i], SIG_DFL);
  int err = io->err >= 0 ? io->err : io->child_out;
  if (dup2(io->child_in, 0) < 0 || dup2(io->child_out, 1) < 0 || dup2(err, 2) < 0 || chdir(dir) < 0)
    _exit(127);
  execve(argv[0], argv, envp);
  _exit(127);
}

/* NAME, or NAME<1>, NAME<2>... if taken. */
static mval unique_name(mrt *rt, mval name)
{
  mval candidate = name;
  for (int i = 1; !NILP(find_named(rt, candidate)); i++) {
    char suffix[32];
    snprintf(suffix, sizeof suffix, "<%d>", i);
    candidate = call2(rt, sym(rt, "concat"), name, make_cstring(rt, suffix));
  }
  return candidate;
}

/* Forks COMMAND's program PATH (its arguments strings, checked) in
   DIR with the streams IO asks for; the pid, with IO's parent ends
   open and the child's closed. */
static pid_t spawn(mrt *rt, mval path, mval command, mval dir, struct child_io *io)
{
  int n = (int)XFIXNUM(call1(rt, sym(rt, "length"), command));
  char **envp = callproc_environment(rt);
  char **argv = malloc((size_t)(n + 1) * sizeof *argv);
  int sync[2] = {-1, -1};
  bool opened = argv && open_channels(io);
  if (argv && !opened && io->pty) { /* no pty to be had: pipes, as Emacs falls back to */
    io->pty = false;
    opened = open_channels(io);
  }
  if (!opened || pipe2(sync, O_CLOEXEC) < 0) {
    int err = errno;
    if (argv)
      close_channels(io);
    free(argv), free(envp);
    mrt_signal(rt, Qfile_error, list2(rt, make_cstring(rt, io->pty ? "Opening pty" : "Creating pipe"),
                                      make_cstring(rt, strerror(err))));
  }
  argv[0] = (char *)cstr(path);
  int i = 1;
  for (mval l = XCDR(command); CONSP(l); l = XCDR(l))
    argv[i++] = (char *)cstr(XCAR(l));
  argv[i] = NULL;
  pid_t pid = fork();
  if (pid == 0)
    exec_child(argv, envp, cstr(dir), io);
  int err = errno;
  if (pid > 0 && !io->pty) /* a pty's child makes its own session */
    setpgid(pid, pid);
  close_fd(&sync[1]);
  /* The child's end closes when it execs or fails to: until then a
     signal to its process group or session could miss it. */
  char byte;
  while (pid > 0 && read(sync[0], &byte, 1) < 0 && errno == EINTR)
    ;
  close_fd(&sync[0]);
  free(argv), free(envp);
  close_fd(&io->child_in), close_fd(&io->child_out);
  if (pid < 0) {
    close_channels(io);
    mrt_signal(rt, Qfile_error, list2(rt, make_cstring(rt, "Doing fork"), make_cstring(rt, strerror(err))));
  }
  fcntl(io->out, F_SETFL, O_NONBLOCK);
  return pid;
}

static mval plist_arg(mrt *rt, int n, mval *a, const char *key)
{
  mval k = sym(rt, key);
  for (int i = 0; i + 1 < n; i += 2)
    if (a[i] == k)
      return a[i + 1];
  return Qnil;
}

/* A new process's (DECODING . ENCODING): coding-system-for-read and
   -write where bound, else default-process-coding-system. */
static mval default_coding(mrt *rt)
{
  mval dflt = symbol_value(rt, sym(rt, "default-process-coding-system"));
  if (!CONSP(dflt))
    dflt = Fcons(rt, Qnil, Qnil);
  mval read = symbol_value(rt, sym(rt, "coding-system-for-read"));
  mval write = symbol_value(rt, sym(rt, "coding-system-for-write"));
  return Fcons(rt, NILP(read) ? XCAR(dflt) : read, NILP(write) ? XCDR(dflt) : write);
}

/* :coding is one coding system for both ways, or (DECODING . ENCODING). */
static void apply_coding_option(mrt *rt, mval p, mval coding)
{
  if (NILP(coding))
    return;
  set(rt, p, PS_CODING, CONSP(coding) ? Fcons(rt, XCAR(coding), XCDR(coding)) : Fcons(rt, coding, coding));
}

static mval make_process_object(mrt *rt, mval name, mval buffer, mval command)
{
  mval p = gc_vectorlike_fill(rt->gc, PVEC_PROCESS, 1 + PS_NSLOTS, PS_NSLOTS, Qnil);
  set(rt, p, PS_NAME, unique_name(rt, name));
  set(rt, p, PS_BUFFER, buffer);
  set(rt, p, PS_COMMAND, command);
  set(rt, p, PS_FILTER, sym(rt, "internal-default-process-filter"));
  set(rt, p, PS_SENTINEL, sym(rt, "internal-default-process-sentinel"));
  set(rt, p, PS_STATUS, Qrun);
  set(rt, p, PS_TYPE, sym(rt, "real"));
  set(rt, p, PS_QUERY, Qt);
  ASET_FIXNUM(p, PS_CODE, make_fixnum(0));
  ASET_FIXNUM(p, PS_PID, make_fixnum(0));
  static const int fd_slots[] = {PS_IN, PS_OUT, PS_PEER, PS_PEER_IN};
  for (size_t i = 0; i < sizeof fd_slots / sizeof fd_slots[0]; i++)
    ASET_FIXNUM(p, fd_slots[i], make_fixnum(-1));
  set(rt, p, PS_MARK, call0(rt, sym(rt, "make-marker")));
  set(rt, p, PS_CODING, default_coding(rt));
  return p;
}

/* The options make-process and make-pipe-process share. */
static void apply_options(mrt *rt, mval p, int n, mval *a)
{
  mval f = plist_arg(rt, n, a, ":filter"), s = plist_arg(rt, n, a, ":sentinel");
  mval buffer = AREF(p, PS_BUFFER);
  if (!NILP(f))
    set(rt, p, PS_FILTER, f);
  if (!NILP(s))
    set(rt, p, PS_SENTINEL, s);
  set(rt, p, PS_QUERY, NILP(plist_arg(rt, n, a, ":noquery")) ? Qt : Qnil);
  apply_coding_option(rt, p, plist_arg(rt, n, a, ":coding"));
  if (!NILP(buffer))
    call3(rt, sym(rt, "set-marker"), AREF(p, PS_MARK),
          call1(rt, sym(rt, "process--buffer-end"), buffer), buffer);
}

/* Puts CELL, (P) made before P's descriptors were opened, at the head
   of the process list (newest first, as Emacs lists them): nothing
   here allocates, so nothing can signal with P's descriptors unowned. */
static void enlist(mrt *rt, mval cell)
{
  gc_setcdr(rt->gc, cell, rt->processes);
  rt->processes = cell;
}

/* Whether :connection-type asks for a pty: pty, pipe, or (absent or
   nil) what process-connection-type says. */
static bool wants_pty(mrt *rt, int n, mval *a)
{
  mval type = plist_arg(rt, n, a, ":connection-type");
  if (NILP(type))
    return !NILP(find_symbol_value(rt, sym(rt, "process-connection-type")));
  if (type == sym(rt, "pty") || type == sym(rt, "pipe"))
    return type == sym(rt, "pty");
  mrt_signal(rt, Qfile_missing, list3(rt, make_cstring(rt, "Unknown connection type"),
                                      make_cstring(rt, strerror(ENOENT)), type));
}

/* A pipe process (make-pipe-process) from the arguments N, A. */
static mval make_pipe(mrt *rt, int n, mval *a)
{
  mval name = plist_arg(rt, n, a, ":name"), buffer = plist_arg(rt, n, a, ":buffer");
  CHECK_STRING(rt, name);
  buffer = call1(rt, sym(rt, "get-buffer-create"), NILP(buffer) ? name : buffer);
  mval p = make_process_object(rt, name, buffer, Qnil);
  set(rt, p, PS_TYPE, sym(rt, "pipe"));
  apply_options(rt, p, n, a);
  mval cell = list1(rt, p);
  int sv[2] = {-1, -1}, pv[2] = {-1, -1};
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0 || pipe2(pv, O_CLOEXEC) < 0) {
    int err = errno;
    for (int i = 0; i < 2; i++)
      close_fd(&sv[i]), close_fd(&pv[i]);
    mrt_signal(rt, Qfile_error, list2(rt, make_cstring(rt, "Creating pipe"), make_cstring(rt, strerror(err))));
  }
  fcntl(pv[0], F_SETFL, O_NONBLOCK);
  ASET_FIXNUM(p, PS_IN, make_fixnum(sv[0]));
  ASET_FIXNUM(p, PS_PEER_IN, make_fixnum(sv[1]));
  ASET_FIXNUM(p, PS_OUT, make_fixnum(pv[0]));
  ASET_FIXNUM(p, PS_PEER, make_fixnum(pv[1]));
  enlist(rt, cell);
  return p;
}

static mval Fmake_pipe_process(mrt *rt, int n, mval *a) { return make_pipe(rt, n, a); }

/* The pipe process :stderr names (nil: none): a pipe process, or a
   buffer (or its name) for a new one, NAME stderr, as in Emacs. */
static mval stderr_process(mrt *rt, mval name, int n, mval *a)
{
  mval err = plist_arg(rt, n, a, ":stderr");
  if (NILP(err) || (PROCESSP(err) && is_pipe(rt, err)))
    return err;
  if (PROCESSP(err))
    mrt_errorf(rt, "Process is not a pipe process");
  mval args[] = {
    sym(rt, ":name"), call2(rt, sym(rt, "concat"), name, make_cstring(rt, " stderr")),
    sym(rt, ":buffer"), call1(rt, sym(rt, "get-buffer-create"), err),
    sym(rt, ":noquery"), NILP(plist_arg(rt, n, a, ":noquery")) ? Qnil : Qt,
  };
  return make_pipe(rt, 6, args);
}

/* make-process with no :command: as in Emacs 28, a process with no
   child on a pty (in the modes it comes with: it echoes) whose slave
   stays open, or, without a pty, on no descriptors at all. */
static mval make_childless(mrt *rt, mval name, mval buffer, int n, mval *a)
{
  bool pty = wants_pty(rt, n, a);
  mval p = make_process_object(rt, name, buffer, Qnil);
  apply_options(rt, p, n, a);
  ASET_FIXNUM(p, PS_PID, make_fixnum(NO_CHILD));
  mval cell = list1(rt, p);
  char tty[64];
  int slave = -1, master = pty ? open_terminal(&slave, tty, sizeof tty) : -1;
  int reader = master >= 0 ? fcntl(master, F_DUPFD_CLOEXEC, 0) : -1;
  if (master >= 0 && reader < 0)
    close(master), close(slave), master = -1;
  if (master >= 0) {
    fcntl(reader, F_SETFL, O_NONBLOCK);
    ASET_FIXNUM(p, PS_IN, make_fixnum(master));
    ASET_FIXNUM(p, PS_OUT, make_fixnum(reader));
    ASET_FIXNUM(p, PS_PEER, make_fixnum(slave));
  }
  enlist(rt, cell);
  if (master >= 0) { /* allocates: after P owns its descriptors */
    set(rt, p, PS_PTY, Qt);
    set(rt, p, PS_TTY, make_cstring(rt, tty));
  }
  return p;
}

/* Whether P is a childless process with no descriptors, which Emacs
   counts as inactive though its status is run. */
static bool inactive(mval p)
{
  return fd_of(p, PS_PID) == NO_CHILD && fd_of(p, PS_OUT) < 0;
}

/* (make-process &rest ARGS) */
/* With :file-handler, the file name handler of default-directory for
   make-process (see lisp/files.el) makes the process, given all the
   arguments; nil when there is none. */
static mval file_handler_process(mrt *rt, int n, mval *a)
{
  if (NILP(plist_arg(rt, n, a, ":file-handler")))
    return Qnil;
  mval op = sym(rt, "make-process");
  mval handler = callproc_file_handler(rt, find_symbol_value(rt, sym(rt, "default-directory")), op);
  if (NILP(handler))
    return Qnil;
  mval args = Qnil;
  for (int i = n; i > 0; i--)
    args = Fcons(rt, a[i - 1], args);
  return call2(rt, sym(rt, "apply"), handler, Fcons(rt, op, args));
}

static mval Fmake_process(mrt *rt, int n, mval *a)
{
  mval stop = plist_arg(rt, n, a, ":stop");
  if (!NILP(stop)) /* only pipe and network processes may start stopped */
    xsignal2(rt, Qwrong_type_argument, sym(rt, "null"), stop);
  mval handled = file_handler_process(rt, n, a);
  if (!NILP(handled))
    return handled;
  mval name = plist_arg(rt, n, a, ":name"), buffer = plist_arg(rt, n, a, ":buffer");
  mval command = plist_arg(rt, n, a, ":command");
  CHECK_STRING(rt, name);
  if (NILP(command))
    return make_childless(rt, name, NILP(buffer) ? Qnil : call1(rt, sym(rt, "get-buffer-create"), buffer),
                          n, a);
  CHECK_TYPE(rt, CONSP(command), Qlistp, command);
  for (mval l = command; CONSP(l); l = XCDR(l))
    CHECK_STRING(rt, XCAR(l));
  if (!NILP(buffer))
    buffer = call1(rt, sym(rt, "get-buffer-create"), buffer);
  struct child_io io = { .pty = wants_pty(rt, n, a), .err = -1 };
  mval dir = callproc_directory(rt);
  mval path = callproc_find_program(rt, XCAR(command), dir);
  mval errproc = stderr_process(rt, name, n, a);
  mval p = make_process_object(rt, name, buffer, command);
  apply_options(rt, p, n, a);
  mval cell = list1(rt, p);
  if (!NILP(errproc))
    io.err = fd_of(errproc, PS_PEER);
  pid_t pid = spawn(rt, path, command, dir, &io);
  ASET_FIXNUM(p, PS_PID, make_fixnum(pid));
  ASET_FIXNUM(p, PS_IN, make_fixnum(io.in));
  ASET_FIXNUM(p, PS_OUT, make_fixnum(io.out));
  if (!NILP(errproc)) { /* the child has it: its end is the pipe's end */
    close_slot(errproc, PS_PEER);
    set(rt, p, PS_STDERR, errproc);
  }
  enlist(rt, cell);
  if (io.pty) { /* allocates: after P owns its descriptors */
    set(rt, p, PS_PTY, Qt);
    set(rt, p, PS_TTY, make_cstring(rt, io.tty));
  }
  return p;
}

/* ---- Network processes ---- */

static mval list_from(mrt *rt, int n, const mval *a)
{
  mval l = Qnil;
  while (n > 0)
    l = Fcons(rt, a[--n], l);
  return l;
}

/* An address as Emacs shows it: [A B C D PORT] for IPv4, eight
   16-bit groups and the port for IPv6, the file name of a local
   socket. */
static mval address_value(mrt *rt, const struct sockaddr_storage *ss)
{
  mval parts[9];
  int n = 0;
  if (ss->ss_family == AF_UNIX)
    return make_cstring(rt, ((const struct sockaddr_un *)ss)->sun_path);
  if (ss->ss_family == AF_INET) {
    const struct sockaddr_in *in = (const void *)ss;
    const uint8_t *b = (const uint8_t *)&in->sin_addr;
    for (; n < 4; n++)
      parts[n] = make_fixnum(b[n]);
    parts[n++] = make_fixnum(ntohs(in->sin_port));
  } else {
    const struct sockaddr_in6 *in6 = (const void *)ss;
    const uint8_t *b = in6->sin6_addr.s6_addr;
    for (; n < 8; n++)
      parts[n] = make_fixnum(b[2 * n] << 8 | b[2 * n + 1]);
    parts[n++] = make_fixnum(ntohs(in6->sin6_port));
  }
  return make_vector_from(rt, (size_t)n, parts);
}

/* The host part of a peer's address in text ("-" for a local socket);
   with WITH_PORT, host:port as a connection's name has it. */
static void address_text(const struct sockaddr_storage *ss, bool with_port, char *buf, size_t size)
{
  char host[INET6_ADDRSTRLEN] = "-";
  int port = 0;
  if (ss->ss_family == AF_INET) {
    const struct sockaddr_in *in = (const void *)ss;
    inet_ntop(AF_INET, &in->sin_addr, host, sizeof host);
    port = ntohs(in->sin_port);
  } else if (ss->ss_family == AF_INET6) {
    const struct sockaddr_in6 *in6 = (const void *)ss;
    inet_ntop(AF_INET6, &in6->sin6_addr, host, sizeof host);
    port = ntohs(in6->sin6_port);
  }
  if (with_port)
    snprintf(buf, size, "%s:%d", host, port);
  else
    snprintf(buf, size, "%s", host);
}

static _Noreturn void network_error(mrt *rt, bool server, int err, mval args)
{
  mval data = Fcons(rt, make_cstring(rt, server ? "make server process failed" : "make client process failed"),
                    Fcons(rt, make_cstring(rt, strerror(err)), args));
  mrt_signal(rt, err == ENOENT ? Qfile_missing : Qfile_error, data);
}

/* Where a network process is to listen or connect, from :family,
   :host and :service, into *ADDR; signals when there is no such
   place. */
static socklen_t network_address(mrt *rt, int n, mval *a, bool server, struct sockaddr_storage *addr)
{
  mval family = plist_arg(rt, n, a, ":family"), host = plist_arg(rt, n, a, ":host");
  mval service = plist_arg(rt, n, a, ":service");
  memset(addr, 0, sizeof *addr);
  if (family == sym(rt, "local")) {
    CHECK_STRING(rt, service);
    struct sockaddr_un *un = (struct sockaddr_un *)addr;
    if ((size_t)XSTRING(service)->nbytes >= sizeof un->sun_path)
      network_error(rt, server, ENAMETOOLONG, list_from(rt, n, a));
    un->sun_family = AF_UNIX;
    memcpy(un->sun_path, cstr(service), (size_t)XSTRING(service)->nbytes);
    return sizeof *un;
  }
  char port[32];
  if (FIXNUMP(service))
    snprintf(port, sizeof port, "%ld", (long)XFIXNUM(service));
  else if (service == Qt && server)
    snprintf(port, sizeof port, "0");
  else {
    CHECK_STRING(rt, service);
    snprintf(port, sizeof port, "%s", cstr(service));
  }
  bool v6 = family == sym(rt, "ipv6");
  const char *name = STRINGP(host) ? cstr(host) : NILP(host) && server ? NULL : v6 ? "::1" : "127.0.0.1";
  struct addrinfo hints = { .ai_family = v6 ? AF_INET6 : family == sym(rt, "ipv4") ? AF_INET : AF_UNSPEC,
                            .ai_socktype = SOCK_STREAM, .ai_flags = name ? 0 : AI_PASSIVE };
  struct addrinfo *found;
  int r = getaddrinfo(name, port, &hints, &found);
  if (r != 0)
    mrt_errorf(rt, "%s/%s %s", name ? name : "*", port, gai_strerror(r));
  socklen_t len = found->ai_addrlen;
  memcpy(addr, found->ai_addr, len);
  freeaddrinfo(found);
  return len;
}

static void delete_now(mrt *rt, mval p)
{
  close_all(p);
  unlist(rt, p);
}

/* A socket listening at, or connected to, ADDR: -1 with errno. */
static int open_socket(const struct sockaddr_storage *addr, socklen_t len, bool server)
{
  int fd = socket(addr->ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    return -1;
  int one = 1, r;
  if (server) {
    if (addr->ss_family != AF_UNIX)
      setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    r = bind(fd, (const struct sockaddr *)addr, len) == 0 ? listen(fd, 5) : -1;
  } else
    while ((r = connect(fd, (const struct sockaddr *)addr, len)) < 0 && errno == EINTR)
      ;
  if (r < 0) {
    int err = errno;
    close(fd);
    errno = err;
    return -1;
  }
  fcntl(fd, F_SETFL, O_NONBLOCK);
  return fd;
}

/* Gives P, whose socket is FD, the descriptors that read and write
   it, and lists it (CELL is (P)); nothing here allocates. */
static bool own_socket(mrt *rt, mval p, mval cell, int fd, bool server)
{
  int out = server ? -1 : fcntl(fd, F_DUPFD_CLOEXEC, 0);
  ASET_FIXNUM(p, PS_OUT, make_fixnum(fd));
  ASET_FIXNUM(p, PS_IN, make_fixnum(out));
  enlist(rt, cell);
  return server || out >= 0;
}

static mval socket_address(mrt *rt, int fd, bool peer)
{
  struct sockaddr_storage ss;
  socklen_t len = sizeof ss;
  memset(&ss, 0, sizeof ss);
  if ((peer ? getpeername : getsockname)(fd, (struct sockaddr *)&ss, &len) < 0)
    return Qnil;
  return address_value(rt, &ss);
}

/* (make-network-process &rest ARGS): a TCP or local socket, listening
   (:server) or connected. */
static mval Fmake_network_process(mrt *rt, int n, mval *a)
{
  mval name = plist_arg(rt, n, a, ":name"), buffer = plist_arg(rt, n, a, ":buffer");
  CHECK_STRING(rt, name);
  if (!NILP(buffer))
    buffer = call1(rt, sym(rt, "get-buffer-create"), buffer);
  bool server = !NILP(plist_arg(rt, n, a, ":server"));
  struct sockaddr_storage addr;
  socklen_t len = network_address(rt, n, a, server, &addr);
  mval p = make_process_object(rt, name, buffer, Qnil);
  set(rt, p, PS_TYPE, sym(rt, "network"));
  set(rt, p, PS_SERVER, server ? Qt : Qnil);
  apply_options(rt, p, n, a);
  mval contact = list_from(rt, n, a), cell = list1(rt, p);
  int fd = open_socket(&addr, len, server);
  if (fd < 0 && server) {
    int err = errno;
    mrt_signal(rt, err == ENOENT ? Qfile_missing : Qfile_error,
               list2(rt, make_cstring(rt, "Cannot bind server socket"), make_cstring(rt, strerror(err))));
  }
  if (fd < 0)
    network_error(rt, server, errno, contact);
  if (!own_socket(rt, p, cell, fd, server)) {
    int err = errno;
    delete_now(rt, p);
    network_error(rt, server, err, contact);
  }
  mval local = socket_address(rt, fd, false);
  if (server && VECTORP(local)) /* :service t or 0 took a free port */
    contact = plist_put(rt, contact, sym(rt, ":service"), AREF(local, VECTOR_LENGTH(local) - 1));
  if (!server)
    contact = plist_put(rt, contact, sym(rt, ":remote"), socket_address(rt, fd, true));
  contact = plist_put(rt, contact, sym(rt, ":local"), local);
  set(rt, p, PS_CONTACT, contact);
  if (!server && !NILP(plist_arg(rt, n, a, ":nowait"))) /* connected already: say so at the next wait */
    set(rt, p, PS_EVENT, make_cstring(rt, "open\n")), set(rt, p, PS_NOWAIT, Qt);
  return p;
}

/* Accepts a connection to SERVER, if one came: a new process like
   SERVER, open, its sentinel to hear where from.  Whether one came. */
static bool accept_connection(mrt *rt, mval server)
{
  mval p = make_process_object(rt, AREF(server, PS_NAME), Qnil, Qnil);
  set(rt, p, PS_TYPE, sym(rt, "network"));
  mval cell = list1(rt, p);
  struct sockaddr_storage ss;
  socklen_t len = sizeof ss;
  memset(&ss, 0, sizeof ss);
  int fd = accept4(fd_of(server, PS_OUT), (struct sockaddr *)&ss, &len, SOCK_CLOEXEC | SOCK_NONBLOCK);
  if (fd < 0)
    return false;
  if (!own_socket(rt, p, cell, fd, false)) {
    delete_now(rt, p);
    return false;
  }
  /* P owns the socket now: what follows may allocate. */
  char caller[INET6_ADDRSTRLEN + 16], from[INET6_ADDRSTRLEN + 16], text[INET6_ADDRSTRLEN + 32];
  mval contact = call1(rt, sym(rt, "copy-sequence"), AREF(server, PS_CONTACT));
  contact = plist_put(rt, contact, sym(rt, ":server"), Qnil);
  if (ss.ss_family == AF_UNIX) { /* a local peer has no address: it is numbered */
    ASET_FIXNUM(server, PS_CODE, make_fixnum(XFIXNUM(AREF(server, PS_CODE)) + 1));
    snprintf(caller, sizeof caller, "%ld", (long)XFIXNUM(AREF(server, PS_CODE)));
    contact = plist_put(rt, contact, sym(rt, ":host"), Qt);
  } else
    address_text(&ss, true, caller, sizeof caller);
  contact = plist_put(rt, contact, sym(rt, ":remote"), socket_address(rt, fd, true));
  set(rt, p, PS_CONTACT, contact);
  snprintf(text, sizeof text, " <%s>", caller);
  mval suffix = make_cstring(rt, text);
  set(rt, p, PS_NAME, unique_name(rt, call2(rt, sym(rt, "concat"), AREF(server, PS_NAME), suffix)));
  static const int inherited[] = {PS_FILTER, PS_SENTINEL, PS_PLIST, PS_QUERY};
  for (size_t i = 0; i < sizeof inherited / sizeof inherited[0]; i++)
    set(rt, p, inherited[i], AREF(server, inherited[i]));
  mval buffer = AREF(server, PS_BUFFER);
  if (!NILP(buffer)) {
    buffer = call1(rt, sym(rt, "get-buffer-create"),
                   call2(rt, sym(rt, "concat"), call1(rt, sym(rt, "buffer-name"), buffer), suffix));
    set(rt, p, PS_BUFFER, buffer);
    call3(rt, sym(rt, "set-marker"), AREF(p, PS_MARK), call1(rt, sym(rt, "process--buffer-end"), buffer), buffer);
  }
  address_text(&ss, false, from, sizeof from);
  snprintf(text, sizeof text, "open from %s\n", from);
  set(rt, p, PS_EVENT, make_cstring(rt, text));
  return true;
}

/* ---- Signals ---- */

static const struct { const char *name; int sig; } signal_names[] = {
  {"hup", SIGHUP}, {"int", SIGINT}, {"quit", SIGQUIT}, {"ill", SIGILL}, {"abrt", SIGABRT},
  {"fpe", SIGFPE}, {"kill", SIGKILL}, {"segv", SIGSEGV}, {"pipe", SIGPIPE}, {"alrm", SIGALRM},
  {"term", SIGTERM}, {"usr1", SIGUSR1}, {"usr2", SIGUSR2}, {"chld", SIGCHLD}, {"cont", SIGCONT},
  {"stop", SIGSTOP}, {"tstp", SIGTSTP}, {"ttin", SIGTTIN}, {"ttou", SIGTTOU}, {"bus", SIGBUS},
  {"trap", SIGTRAP}, {"urg", SIGURG}, {"xcpu", SIGXCPU}, {"xfsz", SIGXFSZ},
  {"vtalrm", SIGVTALRM}, {"prof", SIGPROF}, {"winch", SIGWINCH}, {"sys", SIGSYS},
};

/* SIGCODE, a number or a name such as SIGTERM, term or TERM. */
static int signal_number(mrt *rt, mval code)
{
  if (FIXNUMP(code))
    return (int)XFIXNUM(code);
  CHECK_TYPE(rt, SYMBOLP(code), Qsymbolp, code);
  const char *name = symbol_name(rt, code);
  const char *bare = strncasecmp(name, "sig", 3) == 0 ? name + 3 : name;
  for (size_t i = 0; i < sizeof signal_names / sizeof signal_names[0]; i++)
    if (strcasecmp(bare, signal_names[i].name) == 0)
      return signal_names[i].sig;
  mrt_errorf(rt, "Undefined signal name %s", name);
}

/* Sends SIG to P's process group, as Emacs signals a pipe process. */
static void signal_group(mrt *rt, mval p, int sig)
{
  if (is_pipe(rt, p) || is_network(rt, p))
    mrt_errorf(rt, "Process %s is not a subprocess", cstr(AREF(p, PS_NAME)));
  if (!is_running(rt, p) || inactive(p))
    mrt_errorf(rt, "Process %s is not active", cstr(AREF(p, PS_NAME)));
  if (fd_of(p, PS_PID) > 0)
    kill(-(pid_t)fd_of(p, PS_PID), sig);
}

/* Kills and reaps P's child at once, closing its descriptors.  A child
   already reaped is left alone: its pid may be another's now. */
static void kill_now(mrt *rt, mval p)
{
  pid_t pid = (pid_t)fd_of(p, PS_PID);
  if (pid > 0 && is_running(rt, p)) {
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL);
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
      ;
  }
  close_all(p);
}

/* ---- Primitives ---- */

static mval Fprocessp(mrt *rt, int n, mval *a) { (void)rt, (void)n; return PROCESSP(a[0]) ? Qt : Qnil; }

static mval Fget_process(mrt *rt, int n, mval *a)
{
  (void)n;
  if (PROCESSP(a[0]))
    return a[0];
  CHECK_STRING(rt, a[0]);
  return find_named(rt, a[0]);
}

static mval Fprocess_list(mrt *rt, int n, mval *a)
{
  (void)n, (void)a;
  return call1(rt, sym(rt, "copy-sequence"), rt->processes);
}

static mval Fget_buffer_process(mrt *rt, int n, mval *a)
{
  (void)n;
  if (NILP(a[0]))
    return Qnil;
  mval b = call1(rt, sym(rt, "get-buffer"), a[0]);
  for (mval l = rt->processes; CONSP(l) && !NILP(b); l = XCDR(l))
    if (AREF(XCAR(l), PS_BUFFER) == b)
      return XCAR(l);
  return Qnil;
}

/* A pipe process is open, then closed, where a child is run, then
   exit or signal. */
static mval status_of(mrt *rt, mval p)
{
  if (!is_pipe(rt, p) && !is_network(rt, p))
    return AREF(p, PS_STATUS);
  if (!is_running(rt, p))
    return sym(rt, "closed");
  return sym(rt, is_server(p) ? "listen" : NILP(AREF(p, PS_NOWAIT)) ? "open" : "connect");
}

/* process-status takes a name that names no process: nil then. */
static mval Fprocess_status(mrt *rt, int n, mval *a)
{
  (void)n;
  if (STRINGP(a[0]) && NILP(find_named(rt, a[0])))
    return Qnil;
  return status_of(rt, get_proc(rt, a[0]));
}

static mval Fprocess_live_p(mrt *rt, int n, mval *a)
{
  (void)n;
  if (!PROCESSP(a[0]) || !is_running(rt, a[0]))
    return Qnil;
  const char *states[] = {"run", "open", "listen", "connect", "stop"};
  mval l = Qnil;
  int first = is_server(a[0]) ? 2 : is_pipe(rt, a[0]) || is_network(rt, a[0]) ? 1 : 0;
  for (int i = 4; i >= first; i--)
    l = Fcons(rt, sym(rt, states[i]), l);
  return l;
}

static mval slot_of(mrt *rt, mval *a, int slot) { return AREF(check_proc(rt, a[0]), slot); }

static mval Fprocess_name(mrt *rt, int n, mval *a) { (void)n; return slot_of(rt, a, PS_NAME); }
static mval Fprocess_buffer(mrt *rt, int n, mval *a) { (void)n; return slot_of(rt, a, PS_BUFFER); }
static mval Fprocess_command(mrt *rt, int n, mval *a) { (void)n; return slot_of(rt, a, PS_COMMAND); }
static mval Fprocess_mark(mrt *rt, int n, mval *a) { (void)n; return slot_of(rt, a, PS_MARK); }
static mval Fprocess_filter(mrt *rt, int n, mval *a) { (void)n; return slot_of(rt, a, PS_FILTER); }
static mval Fprocess_sentinel(mrt *rt, int n, mval *a) { (void)n; return slot_of(rt, a, PS_SENTINEL); }
static mval Fprocess_plist(mrt *rt, int n, mval *a) { (void)n; return slot_of(rt, a, PS_PLIST); }
static mval Fprocess_query_flag(mrt *rt, int n, mval *a) { (void)n; return slot_of(rt, a, PS_QUERY); }

static mval Fprocess_tty_name(mrt *rt, int n, mval *a) { (void)n; return slot_of(rt, a, PS_TTY); }
static mval Fprocess_type(mrt *rt, int n, mval *a) { (void)n; return AREF(get_proc(rt, a[0]), PS_TYPE); }

/* (process-contact PROCESS &optional KEY NO-BLOCK): what a network
   process was made with, its host and service, all of it (KEY t) or
   one item; any other process has t. */
static mval Fprocess_contact(mrt *rt, int n, mval *a)
{
  mval p = check_proc(rt, a[0]), key = n > 1 ? a[1] : Qnil;
  if (!is_network(rt, p))
    return Qt;
  mval contact = AREF(p, PS_CONTACT);
  if (key == Qt)
    return contact;
  if (!NILP(key))
    return plist_get(contact, key);
  return list2(rt, plist_get(contact, sym(rt, ":host")), plist_get(contact, sym(rt, ":service")));
}

static mval Fprocess_exit_status(mrt *rt, int n, mval *a)
{
  (void)n;
  return slot_of(rt, a, PS_CODE);
}

static mval Fprocess_id(mrt *rt, int n, mval *a)
{
  (void)n;
  mval pid = slot_of(rt, a, PS_PID);
  return XFIXNUM(pid) > 0 || XFIXNUM(pid) == NO_CHILD ? pid : Qnil;
}

static mval set_slot(mrt *rt, mval *a, int slot, mval v)
{
  set(rt, check_proc(rt, a[0]), slot, v);
  return v;
}

/* nil restores the default, as in Emacs. */
static mval Fprocess_coding_system(mrt *rt, int n, mval *a)
{
  mval coding = slot_of(rt, a, PS_CODING);
  return Fcons(rt, XCAR(coding), XCDR(coding));
}

/* (set-process-coding-system PROCESS &optional DECODING ENCODING) */
static mval Fset_process_coding_system(mrt *rt, int n, mval *a)
{
  call1(rt, sym(rt, "check-coding-system"), a[1]);
  call1(rt, sym(rt, "check-coding-system"), a[2]);
  set_slot(rt, a, PS_CODING, Fcons(rt, a[1], coding_with_unix_eol(rt, a[2])));
  return Qnil;
}

static mval Fset_process_filter(mrt *rt, int n, mval *a)
{
  (void)n;
  return set_slot(rt, a, PS_FILTER, NILP(a[1]) ? sym(rt, "internal-default-process-filter") : a[1]);
}

static mval Fset_process_sentinel(mrt *rt, int n, mval *a)
{
  (void)n;
  return set_slot(rt, a, PS_SENTINEL, NILP(a[1]) ? sym(rt, "internal-default-process-sentinel") : a[1]);
}

static mval Fset_process_plist(mrt *rt, int n, mval *a)
{
  (void)n;
  CHECK_TYPE(rt, CONSP(a[1]) || NILP(a[1]), Qlistp, a[1]);
  return set_slot(rt, a, PS_PLIST, a[1]);
}

static mval Fset_process_query_flag(mrt *rt, int n, mval *a)
{
  (void)n;
  set_slot(rt, a, PS_QUERY, NILP(a[1]) ? Qnil : Qt);
  return a[1];
}

static mval Fset_process_buffer(mrt *rt, int n, mval *a)
{
  (void)n;
  if (!NILP(a[1]))
    CHECK_TYPE(rt, BUFFERP(a[1]), sym(rt, "bufferp"), a[1]);
  set_slot(rt, a, PS_BUFFER, a[1]);
  return a[1];
}

/* Writes the unibyte string BYTES to P, reading process output
   meanwhile so that a child blocked on its own output cannot block us
   forever.  The filters that run may collect, which can move a
   string's bytes: the pointer is taken anew for each write. */
static void send_bytes(mrt *rt, mval p, mval bytes)
{
  size_t sent = 0, len = (size_t)XSTRING(bytes)->nbytes;
  while (sent < len) {
    const uint8_t *data = XSTRING(bytes)->data;
    int fd = fd_of(p, PS_IN);
    if (fd == EOF_SENT && is_running(rt, p))
      return;
    if (fd < 0 || !is_running(rt, p))
      mrt_errorf(rt, inactive(p) ? "Output file descriptor of %s is closed" : "Process %s not running",
                 cstr(AREF(p, PS_NAME)));
    ssize_t k = NILP(AREF(p, PS_PTY)) ? send(fd, data + sent, len - sent, MSG_NOSIGNAL | MSG_DONTWAIT)
                                      : write(fd, data + sent, len - sent); /* no SIGPIPE from a pty */
    if (k > 0)
      sent += (size_t)k;
    else if (k < 0 && errno != EINTR && errno != EAGAIN) {
      close_slot(p, PS_IN);
      mrt_errorf(rt, "Process %s no longer connected to pipe; closed it", cstr(AREF(p, PS_NAME)));
    } else if (k < 0 && errno == EAGAIN) {
      struct pollfd w = { fd, POLLOUT, 0 };
      if (poll(&w, 1, 20) == 0) {
        bool changed = false;
        poll_once(rt, 0, Qnil, false, &changed);
      }
    }
  }
}

static mval send_string(mrt *rt, mval proc, mval string)
{
  mval p = get_proc(rt, proc);
  CHECK_STRING(rt, string);
  mval bytes = call2(rt, sym(rt, "encode-coding-string"), string, sym(rt, "utf-8"));
  send_bytes(rt, p, bytes);
  return Qnil;
}

static mval Fprocess_send_string(mrt *rt, int n, mval *a) { (void)n; return send_string(rt, a[0], a[1]); }

static mval Fprocess_send_region(mrt *rt, int n, mval *a)
{
  (void)n;
  mval text = call2(rt, sym(rt, "buffer-substring-no-properties"), a[1], a[2]);
  return send_string(rt, a[0], text);
}

static mval Fprocess_send_eof(mrt *rt, int n, mval *a)
{
  (void)n;
  mval p = get_proc(rt, a[0]);
  if (!is_running(rt, p) || (fd_of(p, PS_IN) < 0 && fd_of(p, PS_IN) != EOF_SENT && !inactive(p)))
    mrt_errorf(rt, "Process %s not running", cstr(AREF(p, PS_NAME)));
  if (fd_of(p, PS_IN) == EOF_SENT || inactive(p))
    return p;
  if (!NILP(AREF(p, PS_PTY))) { /* the terminal's end of file, as Emacs sends it */
    send_bytes(rt, p, make_unibyte_string(rt, "\004", 1));
    return p;
  }
  shutdown(fd_of(p, PS_IN), SHUT_WR);
  close_slot(p, PS_IN);
  ASET_FIXNUM(p, PS_IN, make_fixnum(EOF_SENT));
  return p;
}

/* (accept-process-output &optional PROCESS SECONDS MILLISEC JUST-THIS-ONE) */
static mval Faccept_process_output(mrt *rt, int n, mval *a)
{
  (void)n;
  mval p = NILP(a[0]) ? Qnil : check_proc(rt, a[0]);
  double seconds = -1;
  if (!NILP(a[1]) || !NILP(a[2])) {
    seconds = NILP(a[1]) ? 0 : seconds_arg(rt, a[1]);
    if (!NILP(a[2]))
      seconds += seconds_arg(rt, a[2]) / 1000;
    if (!(seconds >= 0)) /* negative or NaN: just look */
      seconds = 0;
    if (seconds > 1e9)
      seconds = 1e9;
  }
  if (PROCESSP(p) && !is_running(rt, p) && fd_of(p, PS_OUT) < 0) {
    notify_all(rt);
    return Qnil;
  }
  return process_wait(rt, seconds, p, !NILP(a[3]) && PROCESSP(p), true) ? Qt : Qnil;
}

/* Kills a running process at once; its sentinel hears "killed". */
static mval Fdelete_process(mrt *rt, int n, mval *a)
{
  (void)n;
  mval p = get_proc(rt, a[0]);
  if (inactive(p)) { /* nothing to end: it stays running, as in Emacs */
    unlist(rt, p);
    return Qnil;
  }
  if (is_running(rt, p)) {
    kill_now(rt, p);
    /* A wait status: killed by SIGKILL; a pipe process just ends. */
    if (is_network(rt, p))
      end_process(rt, p, 0, "deleted\n");
    else
      record_status(rt, p, is_pipe(rt, p) ? 0 : SIGKILL);
  } else
    close_all(p);
  unlist(rt, p);
  notify(rt, p);
  return Qnil;
}

static mval signal_command(mrt *rt, mval proc, int sig)
{
  mval p = get_proc(rt, proc);
  signal_group(rt, p, sig);
  return p;
}

static mval Fkill_process(mrt *rt, int n, mval *a) { (void)n; return signal_command(rt, a[0], SIGKILL); }
static mval Finterrupt_process(mrt *rt, int n, mval *a) { (void)n; return signal_command(rt, a[0], SIGINT); }
static mval Fquit_process(mrt *rt, int n, mval *a) { (void)n; return signal_command(rt, a[0], SIGQUIT); }
static mval Fstop_process(mrt *rt, int n, mval *a) { (void)n; return signal_command(rt, a[0], SIGSTOP); }
static mval Fcontinue_process(mrt *rt, int n, mval *a) { (void)n; return signal_command(rt, a[0], SIGCONT); }

/* (signal-process PROCESS SIGCODE): PROCESS a process, its name, a
   pid, or a pid's digits; nil for a name that is none of these. */
static mval Fsignal_process(mrt *rt, int n, mval *a)
{
  (void)n;
  pid_t pid;
  mval proc = a[0];
  if (STRINGP(proc) && NILP(find_named(rt, proc))) {
    proc = call1(rt, sym(rt, "string-to-number"), proc);
    if (!FIXNUMP(proc) || XFIXNUM(proc) == 0)
      return Qnil;
  }
  if (FIXNUMP(proc))
    pid = (pid_t)XFIXNUM(proc);
  else {
    mval p = get_proc(rt, proc);
    if (!is_running(rt, p))
      mrt_errorf(rt, "Process %s is not active", cstr(AREF(p, PS_NAME)));
    pid = (pid_t)fd_of(p, PS_PID);
    if (pid == NO_CHILD)
      mrt_errorf(rt, "Cannot signal process %s", cstr(AREF(p, PS_NAME)));
  }
  int sig = signal_number(rt, a[1]);
  if (pid <= 0)
    return make_fixnum(-1);
  return make_fixnum(kill(pid, sig) == 0 ? 0 : -1);
}

static const struct subr_def process_subrs[] = {
  { "make-process", Fmake_process, 0, ARGS_MANY },
  { "processp", Fprocessp, 1, 1 },
  { "get-process", Fget_process, 1, 1 },
  { "process-list", Fprocess_list, 0, 0 },
  { "get-buffer-process", Fget_buffer_process, 1, 1 },
  { "process-status", Fprocess_status, 1, 1 },
  { "process-live-p", Fprocess_live_p, 1, 1 },
  { "process-exit-status", Fprocess_exit_status, 1, 1 },
  { "make-pipe-process", Fmake_pipe_process, 0, ARGS_MANY },
  { "process-tty-name", Fprocess_tty_name, 1, 1 },
  { "process-type", Fprocess_type, 1, 1 },
  { "make-network-process", Fmake_network_process, 0, ARGS_MANY },
  { "process-contact", Fprocess_contact, 1, 3 },
  { "process-id", Fprocess_id, 1, 1 },
  { "process-name", Fprocess_name, 1, 1 },
  { "process-buffer", Fprocess_buffer, 1, 1 },
  { "set-process-buffer", Fset_process_buffer, 2, 2 },
  { "process-command", Fprocess_command, 1, 1 },
  { "process-mark", Fprocess_mark, 1, 1 },
  { "process-filter", Fprocess_filter, 1, 1 },
  { "set-process-filter", Fset_process_filter, 2, 2 },
  { "process-coding-system", Fprocess_coding_system, 1, 1 },
  { "set-process-coding-system", Fset_process_coding_system, 1, 3 },
  { "process-sentinel", Fprocess_sentinel, 1, 1 },
  { "set-process-sentinel", Fset_process_sentinel, 2, 2 },
  { "process-plist", Fprocess_plist, 1, 1 },
  { "set-process-plist", Fset_process_plist, 2, 2 },
  { "process-query-on-exit-flag", Fprocess_query_flag, 1, 1 },
  { "set-process-query-on-exit-flag", Fset_process_query_flag, 2, 2 },
  { "process-send-string", Fprocess_send_string, 2, 2 },
  { "process-send-region", Fprocess_send_region, 3, 3 },
  { "process-send-eof", Fprocess_send_eof, 0, 1 },
  { "accept-process-output", Faccept_process_output, 0, 4 },
  { "delete-process", Fdelete_process, 1, 1 },
  { "kill-process", Fkill_process, 0, 2 },
  { "interrupt-process", Finterrupt_process, 0, 2 },
  { "quit-process", Fquit_process, 0, 2 },
  { "stop-process", Fstop_process, 0, 2 },
  { "continue-process", Fcontinue_process, 0, 2 },
  { "signal-process", Fsignal_process, 2, 2 },
};

void process_init(mrt *rt)
{
  defsubrs(rt, process_subrs, sizeof process_subrs / sizeof process_subrs[0]);
  /* Non-nil: a child gets a pty for its input and output, unless
     make-process's :connection-type says otherwise. */
  defvar(rt, sym(rt, "process-connection-type"), Qt);
  /* What a new process decodes and encodes with, as batch Emacs on a
     UTF-8 locale: bytes that are not UTF-8 become raw-byte characters
     and carriage returns stay.  Bound non-nil, the -for-read and
     -for-write variables win. */
  mval utf8 = sym(rt, "utf-8-unix");
  defvar(rt, sym(rt, "default-process-coding-system"), Fcons(rt, utf8, utf8));
  defvar(rt, sym(rt, "coding-system-for-read"), Qnil);
  defvar(rt, sym(rt, "coding-system-for-write"), Qnil);
}

void process_hang_up(mrt *rt, mval buffer)
{
  for (mval l = rt->processes; CONSP(l); l = XCDR(l))
    if (AREF(XCAR(l), PS_BUFFER) == buffer && is_running(rt, XCAR(l)) && fd_of(XCAR(l), PS_PID) > 0)
      kill(-(pid_t)fd_of(XCAR(l), PS_PID), SIGHUP);
}

void process_close(mrt *rt)
{
  for (mval l = rt->processes; CONSP(l); l = XCDR(l))
    kill_now(rt, XCAR(l));
  rt->processes = Qnil;
}
