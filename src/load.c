/*
** load.c -- layer 5: load, require, provide, load-path, and the file
** name functions they need.
**
** Invariants:
**   - A file is read whole into a Lisp string, which is pushed on the
**     runtime's value stack (a precise root) for the duration of the
**     load, so the collector cannot free the text the reader is
**     reading; a non-local exit pops it by restoring stack_top.  No
**     malloc'd buffer or open FILE* ever outlives a signal.
**   - Loading state lives in Lisp variables bound with specbind
**     (load-file-name, load-in-progress and the list of files being
**     loaded), so a signal restores it on the way out.
**   - File names are handled as bytes (UTF-8), as Emacs does on POSIX.
*/
#include "config.h"

#include <dirent.h>
#include <grp.h>
#include <pwd.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "load.h"
#include "eval.h"
#include "printer.h"
#include "reader.h"
#include "strfns.h"
#include "bignum.h"
#include "fns.h"
#include "timefns.h"
#include "sysfns.h"

/* Emacs allows a file to be loading recursively this many times. */
#define MAX_RECURSIVE_LOADS 3

static mval loads_in_progress_var(mrt *rt) { return intern(rt, "marrow--loads-in-progress"); }
static mval require_in_progress_var(mrt *rt) { return intern(rt, "marrow--require-in-progress"); }

/* ================================================================== */
/* Small helpers                                                      */
/* ================================================================== */

static const char *sdata(mval s) { return (const char *)XSTRING(s)->data; }
static size_t slen(mval s) { return (size_t)XSTRING(s)->nbytes; }

static bool memq(mval x, mval list)
{
  for (; CONSP(list); list = XCDR(list))
    if (XCAR(list) == x)
      return true;
  return false;
}

static mval variable_or_nil(mrt *rt, mval sym)
{
  mval v = find_symbol_value(rt, sym);
  return v == Qunbound ? Qnil : v;
}

/* Keeps V alive on the value stack until a matching pop (or a
   non-local exit, which restores stack_top). */
static void push_root(mrt *rt, mval v)
{
  /* The evaluator keeps pointers into rt->stack: never grow it. */
  if (rt->stack_top >= rt->stack_cap)
    xsignal1(rt, Qexcessive_lisp_nesting, make_fixnum(rt->lisp_eval_depth));
  rt->stack[rt->stack_top++] = v;
}

static bool regular_file_p(const char *path)
{
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static bool has_suffix(const char *s, size_t n, const char *suffix)
{
  size_t k = strlen(suffix);
  return n >= k && memcmp(s + n - k, suffix, k) == 0;
}

/* ================================================================== */
/* File names                                                         */
/* ================================================================== */

static mval current_directory(mrt *rt)
{
  char buf[4096];
  if (!getcwd(buf, sizeof buf - 1))
    return make_cstring(rt, "/");
  size_t n = strlen(buf);
  if (n == 0 || buf[n - 1] != '/')
    buf[n++] = '/';
  return make_string(rt, buf, n);
}

/* What "~" names: HOME as process-environment has it now (setenv
   changes it), else the user's passwd entry.  As in Emacs, a relative
   HOME is relative to the process's directory, not default-directory,
   and its trailing slashes go. */
static mval home_directory(mrt *rt)
{
  mval home = environment_value(rt, make_cstring(rt, "HOME"));
  if (NILP(home)) {
    struct passwd *pw = getpwuid(getuid());
    home = make_cstring(rt, pw && pw->pw_dir ? pw->pw_dir : "/");
  }
  if (slen(home) == 0 || sdata(home)[0] != '/') {
    mval parts[2] = {current_directory(rt), home};
    home = concat_strings(rt, 2, parts);
  }
  size_t n = slen(home);
  while (n > 1 && sdata(home)[n - 1] == '/')
    n--;
  return n == slen(home) ? home : make_string(rt, sdata(home), n);
}

/* Collapses "//", "." and ".." in the absolute name P[0..N) in place
   and returns the new length.  As in Emacs, a leading "//" (exactly
   two) is kept; ".." at the root stays, as Emacs leaves it, but a
   later ".." removes it again, as Emacs does too. */
static size_t normalize_path(char *p, size_t n)
{
  bool trailing = n > 1 && p[n - 1] == '/';
  size_t keep = (n >= 2 && p[1] == '/' && (n == 2 || p[2] != '/')) ? 2 : 1;
  size_t out = keep, i = keep;
  while (i < n) {
    size_t start = i;
    while (i < n && p[i] != '/')
      i++;
    size_t len = i - start;
    i++;
    if (len == 0 || (len == 1 && p[start] == '.'))
      continue;
    if (len == 2 && p[start] == '.' && p[start + 1] == '.' && out > keep) {
      out--; /* the slash ending the last component */
      while (out > keep && p[out - 1] != '/')
        out--;
      continue;
    }
    memmove(p + out, p + start, len);
    out += len;
    p[out++] = '/';
  }
  bool component_trailing = out > keep && p[out - 1] == '/';
  if (component_trailing && !trailing) /* "a/" keeps its slash, "a/." does not */
    out--;
  return out;
}

/* The length of the "~USER" that starts NAME[0..LEN) when USER has an
   account (*HOME set to its home directory), else 0.  "~" alone or
   before a slash is not one: it names $HOME. */
static size_t tilde_user_length(const char *name, size_t len, const char **home)
{
  if (len == 0 || name[0] != '~')
    return 0;
  size_t end = 1;
  while (end < len && name[end] != '/')
    end++;
  char user[256];
  if (end == 1 || end - 1 >= sizeof user)
    return 0;
  memcpy(user, name + 1, end - 1);
  user[end - 1] = 0;
  struct passwd *pw = memchr(user, 0, end - 1) ? NULL : getpwnam(user);
  if (!pw)
    return 0;
  *home = pw->pw_dir;
  return end;
}

/* "/...", "~", "~/..." and "~USER..." for a USER that exists. */
static bool absolute_name_p(mval name)
{
  const char *n = sdata(name), *home;
  size_t len = slen(name);
  return len > 0 && (n[0] == '/' || (n[0] == '~' && (len == 1 || n[1] == '/')) ||
                     tilde_user_length(n, len, &home) > 0);
}

/* (expand-file-name NAME &optional DEFAULT-DIRECTORY), no handler asked */
static mval expand_plain_file_name(mrt *rt, mval name, mval dir)
{
  mval base;
  const char *n = sdata(name);
  size_t nlen = slen(name);
  if (nlen == 0) { /* "" names the directory itself, with no slash */
    n = ".";
    nlen = 1;
  }
  const char *user_home;
  size_t user_len = tilde_user_length(n, nlen, &user_home);
  if (nlen > 0 && n[0] == '~' && (nlen == 1 || n[1] == '/')) {
    base = home_directory(rt);
    n++;
    nlen--;
  } else if (user_len > 0) {
    base = make_cstring(rt, user_home);
    n += user_len;
    nlen -= user_len;
  } else if (nlen > 0 && n[0] == '/') {
    base = make_string(rt, "", 0);
  } else {
    /* A relative DIR is relative to default-directory; a relative
       default-directory to the process's.  As in Emacs, a DIR that is
       no string, or a nil default-directory, is the root. */
    bool given = !NILP(dir);
    if (!given)
      dir = variable_or_nil(rt, intern(rt, "default-directory"));
    if (!STRINGP(dir))
      dir = make_cstring(rt, "/");
    base = absolute_name_p(dir) || given ? expand_plain_file_name(rt, dir, Qnil) : current_directory(rt);
  }
  /* Built in a scratch string held on the value stack, so that nothing
     leaks and nothing is freed early whatever signals. */
  push_root(rt, base);
  size_t blen = slen(base);
  mval scratch = gc_string(rt->gc, blen + nlen + 2);
  push_root(rt, scratch);
  char *buf = (char *)XSTRING(scratch)->data;
  memcpy(buf, sdata(base), blen);
  size_t len = blen;
  if (nlen > 0 && (len == 0 || buf[len - 1] != '/') && n[0] != '/')
    buf[len++] = '/';
  memcpy(buf + len, n, nlen);
  len += nlen;
  if (len == 0)
    buf[len++] = '/';
  len = normalize_path(buf, len);
  mval result = make_string(rt, buf, len);
  rt->stack_top -= 2;
  return result;
}

/* ================================================================== */
/* File name handlers                                                 */
/* ================================================================== */

/* A circular LIST signals circular-list, as Emacs's memq does. */
static bool memq_p(mrt *rt, mval x, mval list)
{
  mval tail = list;
  FOR_EACH_TAIL(rt, tail, list)
    if (XCAR(tail) == x)
      return true;
  return false;
}

/* Whether HANDLER will do OPERATION: its `operations' property, when it
   has one, must name it. */
static bool handler_willing(mrt *rt, mval handler, mval operation)
{
  mval operations = SYMBOLP(handler) ? get_prop(rt, handler, Qoperations) : Qnil;
  return NILP(operations) || memq_p(rt, operation, operations);
}

/* Whether REGEXP is \\` then plain ASCII characters only, as
("\\`/:" . file-name-non-special) is: a prefix test is then the
match, no regexp run needed on each file operation. */
static bool anchored_literal_p(mval regexp)
{
  const char *r = sdata(regexp);
  size_t n = slen(regexp);
  if (n < 2 || r[0] != '\\' || r[1] != '`')
    return false;
  for (size_t i = 2; i < n; i++)
    if ((unsigned char)r[i] >= 0x80 || strchr(".*+?[^$\\", r[i]))
      return false;
  return true;
}

/* Where REGEXP first matches FILE, or -1. */
static int64_t handler_match_start(mrt *rt, mval regexp, mval file)
{
  if (anchored_literal_p(regexp)) {
    size_t n = slen(regexp) - 2;
    return slen(file) >= n && memcmp(sdata(file), sdata(regexp) + 2, n) == 0 ? 0 : -1;
  }
  mval start = string_match_p(rt, regexp, file);
  return FIXNUMP(start) ? XFIXNUM(start) : -1;
}

/* Of the entries of ALIST whose regexp matches FILE (case counting, the
   match data left alone), the handler of the one matching furthest in
   that will do OPERATION and is not INHIBITED. */
static mval find_handler(mrt *rt, mval alist, mval file, mval operation, mval inhibited)
{
  size_t depth = rt->specpdl_depth;
  specbind(rt, Qcase_fold_search, Qnil);
  mval best = Qnil;
  int64_t best_start = -1;
  for (; CONSP(alist); alist = XCDR(alist)) {
    mval entry = XCAR(alist);
    if (!CONSP(entry) || !STRINGP(XCAR(entry)))
      continue;
    int64_t start = handler_match_start(rt, XCAR(entry), file);
    if (start > best_start && handler_willing(rt, XCDR(entry), operation) &&
        !memq_p(rt, XCDR(entry), inhibited)) {
      best = XCDR(entry);
      best_start = start;
    }
  }
  unbind_to(rt, depth);
  return best;
}

mval file_name_handler(mrt *rt, mval file, mval operation)
{
  mval alist = find_symbol_value(rt, Qfile_name_handler_alist);
  if (!CONSP(alist) || !STRINGP(file))
    return Qnil;
  mval inhibited = Qnil;
  if (operation == find_symbol_value(rt, Qinhibit_file_name_operation))
    inhibited = find_symbol_value(rt, Qinhibit_file_name_handlers);
  return find_handler(rt, alist, file, operation, inhibited);
}

/* (find-file-name-handler FILENAME OPERATION) */
static mval Ffind_file_name_handler(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  return file_name_handler(rt, args[0], args[1]);
}

bool file_handler_call(mrt *rt, mval operation, mval file, mval other, int n, const mval *args,
                       mval *result)
{
  mval handler = file_name_handler(rt, file, operation);
  if (NILP(handler) && !NILP(other))
    handler = file_name_handler(rt, other, operation);
  if (NILP(handler))
    return false;
  mval call[8];
  call[0] = operation;
  for (int i = 0; i < n && i < 7; i++)
    call[i + 1] = args[i];
  *result = funcall(rt, handler, n + 1, call);
  return true;
}

/* As file_handler_call, for an operation whose handler must give a
   file name: anything else is Emacs's error. */
static bool file_handler_name(mrt *rt, mval operation, mval file, mval other, int n, const mval *args,
                              mval *result)
{
  if (!file_handler_call(rt, operation, file, other, n, args, result))
    return false;
  if (!STRINGP(*result))
    call1(rt, intern(rt, "error"), make_cstring(rt, "Invalid handler in `file-name-handler-alist'"));
  return true;
}

static mval expand_file_name(mrt *rt, mval name, mval dir);

/* ARGS[0], a file name, expanded into *PATH: whether its handler took
   (OPERATION PATH ARGS[1..N)), as Emacs's primitives give it. */
static bool expanded_file_handled(mrt *rt, mval operation, int n, const mval *args, mval *path,
                                  mval *result)
{
  *path = expand_file_name(rt, args[0], Qnil);
  mval call[7];
  call[0] = *path;
  for (int i = 1; i < n && i < 7; i++)
    call[i] = args[i];
  return file_handler_call(rt, operation, *path, Qnil, n, call, result);
}

/* (expand-file-name NAME &optional DEFAULT-DIRECTORY) */
static mval expand_file_name(mrt *rt, mval name, mval dir)
{
  CHECK_STRING(rt, name);
  mval handled, given[2] = { name, dir };
  if (file_handler_name(rt, Qexpand_file_name, name, Qnil, 2, given, &handled))
    return handled;
  given[1] = NILP(dir) ? variable_or_nil(rt, Qdefault_directory) : dir;
  if (file_handler_name(rt, Qexpand_file_name, given[1], Qnil, 2, given, &handled))
    return handled;
  return expand_plain_file_name(rt, name, dir);
}

mval file_expand_name(mrt *rt, mval name, mval dir) { return expand_file_name(rt, name, dir); }

bool file_expanded_handled(mrt *rt, mval operation, int n, const mval *args, mval *path, mval *result)
{
  return expanded_file_handled(rt, operation, n, args, path, result);
}

static mval Fexpand_file_name(mrt *rt, int nargs, mval *args)
{
  return expand_file_name(rt, args[0], args[1]);
}

static mval Ffile_exists_p(mrt *rt, int nargs, mval *args)
{
  mval f, handled;
  if (expanded_file_handled(rt, Qfile_exists_p, 1, args, &f, &handled))
    return handled;
  return access(sdata(f), F_OK) == 0 ? Qt : Qnil;
}

/* (delete-file FILENAME &optional TRASH): a file already gone is no
   error, as in Emacs. */
static mval Fdelete_file(mrt *rt, int nargs, mval *args)
{
  mval f, handled;
  if (expanded_file_handled(rt, Qdelete_file, 2, args, &f, &handled))
    return handled;
  /* Emacs 28 checks for a directory (not a link to one) first, and
     names it as given. */
  struct stat st, lst;
  if (stat(sdata(f), &st) == 0 && S_ISDIR(st.st_mode) && !(lstat(sdata(f), &lst) == 0 && S_ISLNK(lst.st_mode)))
    xsignal2(rt, Qfile_error, make_cstring(rt, "Removing old name: is a directory"), args[0]);
  if (unlink(sdata(f)) != 0 && errno != ENOENT) {
    int err = errno;
    xsignal3(rt, Qfile_error, make_cstring(rt, "Removing old name"), make_cstring(rt, strerror(err)), f);
  }
  return Qnil;
}

/* (make-temp-name PREFIX): PREFIX and six random letters and digits;
   nothing is created, so the name may be taken by the time it is used. */
/* Removes the directory PATH, with RECURSIVE what it holds first
   (symbolic links are removed, not followed); -1 with errno set on
   failure. */
static int remove_directory(const char *path, bool recursive)
{
  struct stat top;
  /* A link to a directory is not emptied: rmdir then refuses it, as
     Emacs 28 does, and the target keeps its files. */
  if (recursive && lstat(path, &top) == 0 && !S_ISDIR(top.st_mode))
    recursive = false;
  DIR *dir = recursive ? opendir(path) : NULL;
  if (recursive && !dir)
    return -1;
  for (struct dirent *e; dir && (e = readdir(dir));) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
      continue;
    size_t n = strlen(path) + strlen(e->d_name) + 2;
    char *child = malloc(n);
    struct stat st;
    int r = -1;
    if (child) {
      snprintf(child, n, "%s/%s", path, e->d_name);
      r = lstat(child, &st) == 0 && S_ISDIR(st.st_mode) ? remove_directory(child, true) : unlink(child);
    } else {
      errno = ENOMEM;
    }
    int err = errno;
    free(child);
    if (r != 0) {
      closedir(dir);
      errno = err;
      return -1;
    }
  }
  if (dir)
    closedir(dir);
  return rmdir(path);
}

/* Makes the directory PATH, with PARENTS the missing ones above it and
   no complaint when it exists; -1 with errno set on failure. */
static int make_directory(char *path, bool parents)
{
  if (parents) {
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
      return 0;
    for (char *p = path + 1; *p; p++) {
      if (*p != '/')
        continue;
      *p = '\0';
      int r = mkdir(path, 0777);
      *p = '/';
      if (r != 0 && errno != EEXIST)
        return -1;
    }
  }
  if (mkdir(path, 0777) == 0)
    return 0;
  /* With PARENTS, an existing directory is fine, but a file (or a link
     to nowhere) in its place is not, as in Emacs. */
  struct stat st;
  int err = errno;
  if (parents && err == EEXIST && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
    return 0;
  errno = err; /* not stat's complaint about a link to nowhere */
  return -1;
}

/* (make-directory DIR &optional PARENTS) */
static mval Fmake_directory(mrt *rt, int nargs, mval *args)
{
  mval dir, handled;
  if (expanded_file_handled(rt, Qmake_directory, 2, args, &dir, &handled))
    return handled;
  mval copy = make_string(rt, sdata(dir), slen(dir)); /* make_directory writes into it */
  if (make_directory((char *)XSTRING(copy)->data, !NILP(args[1])) != 0) {
    int err = errno;
    mval type = err == EEXIST ? Qfile_already_exists : err == ENOENT ? Qfile_missing : Qfile_error;
    if (err == EEXIST)
      xsignal2(rt, type, make_cstring(rt, "File exists"), dir);
    xsignal3(rt, type, make_cstring(rt, "Creating directory"), make_cstring(rt, strerror(err)), dir);
  }
  return Qnil;
}

/* (delete-directory DIRECTORY &optional RECURSIVE TRASH) */
static mval Fdelete_directory(mrt *rt, int nargs, mval *args)
{
  mval dir = call1(rt, Qdirectory_file_name, expand_file_name(rt, args[0], Qnil)), handled;
  mval given[3] = { dir, args[1], args[2] };
  if (file_handler_call(rt, Qdelete_directory, dir, Qnil, 3, given, &handled))
    return handled;
  struct stat st;
  /* Emacs lists a directory before it removes it recursively: a file
     that is no directory (nor a link) fails there. */
  if (!NILP(args[1])) {
    int err = lstat(sdata(dir), &st) != 0 ? errno : !S_ISDIR(st.st_mode) && !S_ISLNK(st.st_mode) ? ENOTDIR : 0;
    if (err && err != ENOENT)
      xsignal3(rt, Qfile_error, make_cstring(rt, "Opening directory"), make_cstring(rt, strerror(err)), dir);
  }
  if (remove_directory(sdata(dir), !NILP(args[1])) != 0) {
    int err = errno;
    if (err == ENOENT && !NILP(args[1]))
      return Qnil; /* as Emacs: a recursive delete of nothing is done */
    xsignal3(rt, err == ENOENT ? Qfile_missing : Qfile_error, make_cstring(rt, "Removing directory"),
             make_cstring(rt, strerror(err)), dir);
  }
  return Qnil;
}

static mval Fmake_temp_name(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  static const char alnum[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  char tail[6];
  uint64_t r = bignum_random_u64(rt);
  for (int i = 0; i < 6; i++, r /= 62)
    tail[i] = alnum[r % 62];
  mval parts[2] = { args[0], make_string(rt, tail, sizeof tail) };
  return concat_strings(rt, 2, parts);
}

/* Makes a new directory PATH, its six X's before the SUFFIX_LEN bytes
   of suffix replaced by random letters (mkdtemp takes no suffix);
   0, or -1 with errno set. */
static int make_temp_directory(mrt *rt, char *path, int64_t suffix_len)
{
  static const char alnum[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  char *x = path + strlen(path) - suffix_len - 6;
  for (int tries = 0; tries < 100; tries++) {
    uint64_t r = bignum_random_u64(rt);
    for (int i = 0; i < 6; i++, r /= 62)
      x[i] = alnum[r % 62];
    if (mkdir(path, 0700) == 0)
      return 0;
    if (errno != EEXIST)
      return -1;
  }
  return -1;
}

/* (make-temp-file PREFIX &optional DIR-FLAG SUFFIX TEXT): a new empty
   file (or directory) in temporary-file-directory, made atomically. */
static mval Fmake_temp_file(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  mval dir = symbol_value(rt, intern(rt, "temporary-file-directory"));
  mval suffix = STRINGP(args[2]) ? args[2] : make_cstring(rt, "");
  mval base = expand_file_name(rt, args[0], dir);
  mval parts[3] = { base, make_cstring(rt, "XXXXXX"), suffix };
  mval name = concat_strings(rt, 3, parts);
  char *path = (char *)XSTRING(name)->data;
  int fd = NILP(args[1]) ? mkstemps(path, (int)slen(suffix)) : make_temp_directory(rt, path, slen(suffix));
  if (fd < 0) {
    int err = errno;
    xsignal3(rt, err == ENOENT ? Qfile_missing : Qfile_error, make_cstring(rt, "Creating file with prefix"),
             make_cstring(rt, strerror(err)), base);
  }
  if (NILP(args[1])) {
    if (STRINGP(args[3]))
      (void)!write(fd, XSTRING(args[3])->data, (size_t)XSTRING(args[3])->nbytes);
    close(fd);
  }
  return name;
}

static mval Ffile_readable_p(mrt *rt, int nargs, mval *args)
{
  mval f, handled;
  if (expanded_file_handled(rt, Qfile_readable_p, 1, args, &f, &handled))
    return handled;
  return access(sdata(f), R_OK) == 0 ? Qt : Qnil;
}

static mval Ffile_directory_p(mrt *rt, int nargs, mval *args)
{
  mval f, handled;
  if (expanded_file_handled(rt, Qfile_directory_p, 1, args, &f, &handled))
    return handled;
  struct stat st;
  return stat(sdata(f), &st) == 0 && S_ISDIR(st.st_mode) ? Qt : Qnil;
}

/* (file-accessible-directory-p FILENAME): a directory one may enter. */
static mval Ffile_accessible_directory_p(mrt *rt, int nargs, mval *args)
{
  mval f, handled;
  if (expanded_file_handled(rt, Qfile_accessible_directory_p, 1, args, &f, &handled))
    return handled;
  struct stat st;
  return stat(sdata(f), &st) == 0 && S_ISDIR(st.st_mode) && access(sdata(f), X_OK) == 0 ? Qt : Qnil;
}

static void close_directory(mrt *rt, mval d) { closedir((DIR *)(uintptr_t)d); }

/* (directory-files DIRECTORY &optional FULL MATCH NOSORT COUNT): the
   names in DIRECTORY (absolute with FULL) that the regexp MATCH finds,
   the first COUNT of them as the directory lists them, sorted unless
   NOSORT. */
static mval Fdirectory_files(mrt *rt, int nargs, mval *args)
{
  mval dir, handled;
  if (expanded_file_handled(rt, Qdirectory_files, 5, args, &dir, &handled))
    return handled;
  if (!NILP(args[4]))
    CHECK_TYPE(rt, FIXNUMP(args[4]) && XFIXNUM(args[4]) >= 0, intern(rt, "wholenump"), args[4]);
  int64_t count = NILP(args[4]) ? INT64_MAX : XFIXNUM(args[4]);
  mval names = Qnil, prefix = call1(rt, intern(rt, "file-name-as-directory"), dir);
  DIR *d = opendir(sdata(dir));
  if (!d) {
    int err = errno;
    /* Emacs names the directory without its final slash here. */
    xsignal3(rt, err == ENOENT ? Qfile_missing : Qfile_error, make_cstring(rt, "Opening directory"),
             make_cstring(rt, strerror(err)), call1(rt, Qdirectory_file_name, dir));
  }
  size_t depth = rt->specpdl_depth;
  record_unwind(rt, close_directory, (mval)(uintptr_t)d); /* aligned: looks like a fixnum */
  specbind(rt, Qcase_fold_search, Qnil); /* as Emacs: MATCH tells case apart */
  for (struct dirent *e; count > 0 && (e = readdir(d));) {
    mval name = make_string(rt, e->d_name, strlen(e->d_name));
    if (!NILP(args[2]) && NILP(call2(rt, intern(rt, "string-match-p"), args[2], name)))
      continue;
    names = Fcons(rt, NILP(args[1]) ? name : call2(rt, intern(rt, "concat"), prefix, name), names);
    count--;
  }
  unbind_to(rt, depth);
  return NILP(args[3]) ? call2(rt, intern(rt, "sort"), names, intern(rt, "string<")) : names;
}

static mval Ffile_executable_p(mrt *rt, int nargs, mval *args)
{
  mval f, handled;
  if (expanded_file_handled(rt, Qfile_executable_p, 1, args, &f, &handled))
    return handled;
  return access(sdata(f), X_OK) == 0 ? Qt : Qnil;
}

static mval Ffile_regular_p(mrt *rt, int nargs, mval *args)
{
  mval f, handled;
  if (expanded_file_handled(rt, Qfile_regular_p, 1, args, &f, &handled))
    return handled;
  struct stat st;
  return stat(sdata(f), &st) == 0 && S_ISREG(st.st_mode) ? Qt : Qnil;
}

/* (file-writable-p FILENAME): writable, or creatable in a writable
   directory. */
static mval Ffile_writable_p(mrt *rt, int nargs, mval *args)
{
  mval f, handled;
  if (expanded_file_handled(rt, Qfile_writable_p, 1, args, &f, &handled))
    return handled;
  if (access(sdata(f), F_OK) == 0)
    return access(sdata(f), W_OK) == 0 ? Qt : Qnil;
  mval dir = call1(rt, intern(rt, "file-name-directory"), f);
  return STRINGP(dir) && access(sdata(dir), W_OK) == 0 ? Qt : Qnil;
}

/* (file-symlink-p FILENAME): the link's target as written, or nil. */
static mval Ffile_symlink_p(mrt *rt, int nargs, mval *args)
{
  mval f, handled;
  if (expanded_file_handled(rt, Qfile_symlink_p, 1, args, &f, &handled))
    return handled;
  char target[4096];
  ssize_t n = readlink(sdata(f), target, sizeof target);
  return n < 0 || (size_t)n >= sizeof target ? Qnil : make_string(rt, target, (size_t)n);
}

/* ---- file-attributes ---- */

static char file_type_char(mode_t m)
{
  return S_ISDIR(m) ? 'd' : S_ISLNK(m) ? 'l' : S_ISCHR(m) ? 'c' : S_ISBLK(m) ? 'b'
       : S_ISFIFO(m) ? 'p' : S_ISSOCK(m) ? 's' : '-';
}

/* One of the three rwx triples of `ls -l': SPECIAL (setuid, setgid,
   sticky) shows in the execute place as LETTER, upper case when the
   execute bit is off. */
static void put_permission_triple(char *out, mode_t m, mode_t r, mode_t w, mode_t x,
                                  mode_t special, char letter)
{
  out[0] = m & r ? 'r' : '-';
  out[1] = m & w ? 'w' : '-';
  if (m & special)
    out[2] = m & x ? letter : (char)(letter - 'a' + 'A');
  else
    out[2] = m & x ? 'x' : '-';
}

static mval file_modes_string(mrt *rt, mode_t m)
{
  char s[10];
  s[0] = file_type_char(m);
  put_permission_triple(s + 1, m, S_IRUSR, S_IWUSR, S_IXUSR, S_ISUID, 's');
  put_permission_triple(s + 4, m, S_IRGRP, S_IWGRP, S_IXGRP, S_ISGID, 's');
  put_permission_triple(s + 7, m, S_IROTH, S_IWOTH, S_IXOTH, S_ISVTX, 't');
  return make_string(rt, s, sizeof s);
}

/* A user or group id, as its name when NAMED and the name is known. */
static mval owner_id(mrt *rt, int64_t id, const char *name)
{
  return name ? make_cstring(rt, name) : make_int(rt, id);
}

static mval file_type_attribute(mrt *rt, mval f, const struct stat *st)
{
  if (S_ISDIR(st->st_mode))
    return Qt;
  if (!S_ISLNK(st->st_mode))
    return Qnil;
  char target[4096];
  ssize_t n = readlink(sdata(f), target, sizeof target);
  return n < 0 || (size_t)n >= sizeof target ? Qt : make_string(rt, target, (size_t)n);
}

/* (file-attributes FILENAME &optional ID-FORMAT): of the file itself,
   a symbolic link not followed; nil when there is no such file, or
   FILENAME is not a file name at all (Emacs ignores any error in
   expanding it). */
static mval Ffile_attributes(mrt *rt, int nargs, mval *args)
{
  if (!STRINGP(args[0]))
    return Qnil;
  mval f, handled;
  if (expanded_file_handled(rt, Qfile_attributes, NILP(args[1]) ? 1 : 2, args, &f, &handled))
    return handled;
  struct stat st;
  if (lstat(sdata(f), &st) != 0) {
    int err = errno;
    if (err == ENOENT || err == ENOTDIR)
      return Qnil;
    xsignal3(rt, Qfile_error, make_cstring(rt, "Getting attributes"), make_cstring(rt, strerror(err)), f);
  }
  bool named = args[1] == intern(rt, "string");
  struct passwd *pw = named ? getpwuid(st.st_uid) : NULL;
  struct group *gr = named ? getgrgid(st.st_gid) : NULL;
  mval v[12];
  v[0] = file_type_attribute(rt, f, &st);
  v[1] = make_int(rt, (int64_t)st.st_nlink);
  v[2] = owner_id(rt, (int64_t)st.st_uid, pw ? pw->pw_name : NULL);
  v[3] = owner_id(rt, (int64_t)st.st_gid, gr ? gr->gr_name : NULL);
  v[4] = timefns_from_timespec(rt, st.st_atim);
  v[5] = timefns_from_timespec(rt, st.st_mtim);
  v[6] = timefns_from_timespec(rt, st.st_ctim);
  v[7] = make_int(rt, (int64_t)st.st_size);
  v[8] = file_modes_string(rt, st.st_mode);
  v[9] = Qt;
  v[10] = make_uint(rt, (uint64_t)st.st_ino);
  v[11] = make_uint(rt, (uint64_t)st.st_dev);
  mval list = Qnil;
  for (int i = 11; i >= 0; i--)
    list = Fcons(rt, v[i], list);
  return list;
}

/* (file-modes FILENAME &optional FLAG): the permission bits (the link's
   own with FLAG nofollow), or nil when there is no such file. */
static mval Ffile_modes(mrt *rt, int nargs, mval *args)
{
  mval f, handled;
  if (expanded_file_handled(rt, Qfile_modes, 2, args, &f, &handled))
    return handled;
  struct stat st;
  int flags = args[1] == intern(rt, "nofollow") ? AT_SYMLINK_NOFOLLOW : 0;
  if (fstatat(AT_FDCWD, sdata(f), &st, flags) != 0)
    return Qnil;
  return make_fixnum((int64_t)(st.st_mode & 07777));
}

/* (set-file-modes FILENAME MODE &optional FLAG) */
static mval Fset_file_modes(mrt *rt, int nargs, mval *args)
{
  mval f, handled;
  if (expanded_file_handled(rt, Qset_file_modes, 3, args, &f, &handled))
    return handled;
  CHECK_TYPE(rt, FIXNUMP(args[1]), intern(rt, "fixnump"), args[1]);
  int flags = args[2] == intern(rt, "nofollow") ? AT_SYMLINK_NOFOLLOW : 0;
  if (fchmodat(AT_FDCWD, sdata(f), (mode_t)(XFIXNUM(args[1]) & 07777), flags) != 0) {
    int err = errno;
    mrt_signal(rt, err == ENOENT ? Qfile_missing : Qfile_error,
               list3(rt, make_cstring(rt, "Doing chmod"), make_cstring(rt, strerror(err)), f));
  }
  return Qnil;
}

/* (default-file-modes): the permissions the umask lets new files have. */
static mval Fdefault_file_modes(mrt *rt, int nargs, mval *args)
{
  mode_t mask = umask(0);
  umask(mask);
  return make_fixnum(~mask & 0777);
}

/* (set-default-file-modes MODE): the umask is the process's, shared by
   every runtime in it, as it is Emacs's. */
static mval Fset_default_file_modes(mrt *rt, int nargs, mval *args)
{
  CHECK_TYPE(rt, FIXNUMP(args[0]), intern(rt, "fixnump"), args[0]);
  umask((mode_t)(~XFIXNUM(args[0]) & 0777));
  return Qnil;
}

/* (make-symbolic-link TARGET LINKNAME &optional OK-IF-ALREADY-EXISTS):
   TARGET is stored as given. */
static mval Fmake_symbolic_link(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  CHECK_STRING(rt, args[1]);
  mval link = args[1], handled;
  if (slen(link) > 0 && sdata(link)[slen(link) - 1] == '/') /* a directory: the link goes in it */
    link = expand_file_name(rt, call1(rt, Qfile_name_nondirectory, args[0]), link);
  else
    link = expand_file_name(rt, link, Qnil);
  mval given[3] = { args[0], link, args[2] };
  if (file_handler_call(rt, Qmake_symbolic_link, link, Qnil, 3, given, &handled))
    return handled;
  struct stat st;
  if (lstat(sdata(link), &st) == 0) {
    if (NILP(args[2]))
      xsignal2(rt, Qfile_already_exists, make_cstring(rt, "File already exists"), link);
    unlink(sdata(link));
  }
  if (symlink(sdata(args[0]), sdata(link)) != 0) {
    int err = errno;
    mval data = list4(rt, make_cstring(rt, "Making symbolic link"), make_cstring(rt, strerror(err)),
                      args[0], link);
    /* Emacs: a directory in the way of a replacing link is file-already-exists. */
    if (err == EEXIST)
      mrt_signal(rt, Qfile_already_exists, list3(rt, make_cstring(rt, strerror(err)), args[0], link));
    mrt_signal(rt, err == ENOENT ? Qfile_missing : Qfile_error, data);
  }
  return Qnil;
}

/* What is wrong with the directory holding the file PATH (a trailing
   slash aside), as the system sees it when it renames: 0, or an errno. */
static int parent_error(mrt *rt, mval path)
{
  mval dir = call1(rt, intern(rt, "file-name-directory"), call1(rt, Qdirectory_file_name, path));
  struct stat st;
  if (!STRINGP(dir) || stat(sdata(dir), &st) != 0)
    return STRINGP(dir) ? errno : 0;
  return S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
}

/* (rename-file FILE NEWNAME &optional OK-IF-ALREADY-EXISTS): NEWNAME
   ending in a slash is the directory to move FILE into. */
static mval Frename_file(mrt *rt, int nargs, mval *args)
{
  mval from = expand_file_name(rt, args[0], Qnil);
  CHECK_STRING(rt, args[1]);
  mval to = args[1];
  if (slen(to) > 0 && sdata(to)[slen(to) - 1] == '/') /* "a/b/" goes in as "b", as in Emacs */
    to = expand_file_name(rt, call1(rt, Qfile_name_nondirectory, call1(rt, Qdirectory_file_name, from)), to);
  else
    to = expand_file_name(rt, to, Qnil);
  mval handled, given[3] = { from, to, args[2] };
  if (file_handler_call(rt, Qrename_file, from, to, 3, given, &handled))
    return handled;
  struct stat st;
  /* Emacs tries the rename first: what the system finds wrong with the
     names comes before an existing NEWNAME, in the system's order. */
  int err = parent_error(rt, from);
  err = err ? err : parent_error(rt, to);
  err = err ? err : lstat(sdata(from), &st) != 0 ? errno : 0;
  if (!err && NILP(args[2]) && lstat(sdata(to), &st) == 0)
    xsignal2(rt, Qfile_already_exists, make_cstring(rt, "File already exists"), to);
  if (err || rename(sdata(from), sdata(to)) != 0) {
    err = err ? err : errno;
    mval data = list4(rt, make_cstring(rt, "Renaming"), make_cstring(rt, strerror(err)), from, to);
    mrt_signal(rt, err == ENOENT ? Qfile_missing : Qfile_error, data);
  }
  return Qnil;
}

static mval Ffile_name_absolute_p(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  return absolute_name_p(args[0]) ? Qt : Qnil;
}

/* Offset just past the last slash of NAME (0 when there is none). */
static size_t nondirectory_start(mval name)
{
  size_t i = slen(name);
  while (i > 0 && sdata(name)[i - 1] != '/')
    i--;
  return i;
}

static mval Ffile_name_directory(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  mval handled;
  if (file_handler_call(rt, Qfile_name_directory, args[0], Qnil, 1, args, &handled))
    return STRINGP(handled) ? handled : Qnil;
  size_t i = nondirectory_start(args[0]);
  return i == 0 ? Qnil : make_string(rt, sdata(args[0]), i);
}

static mval Ffile_name_nondirectory(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  mval handled;
  if (file_handler_name(rt, Qfile_name_nondirectory, args[0], Qnil, 1, args, &handled))
    return handled;
  size_t i = nondirectory_start(args[0]);
  return make_string(rt, sdata(args[0]) + i, slen(args[0]) - i);
}

/* Whether C may be in a version's name: file-name-version-regexp's
   [-[:alnum:]:#@^._], taking every non-ASCII byte for a letter's. */
static bool version_char_p(unsigned char c)
{
  return c >= 0x80 || (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') ||
         strchr("-:#@^._", c) != NULL;
}

/* Whether S[0..N) is "NAME~" or "NAME~DIGITS~", NAME being non-empty
   version characters: what follows the ".~" of a version. */
static bool version_tail_p(const char *s, size_t n)
{
  size_t i = 0;
  while (i < n && s[i] != '~' && version_char_p((unsigned char)s[i]))
    i++;
  if (i == 0 || i == n || s[i] != '~')
    return false;
  if (i == n - 1)
    return true;
  size_t digits = i + 1;
  while (digits < n - 1 && s[digits] >= '0' && s[digits] <= '9')
    digits++;
  return digits > i + 1 && digits == n - 1 && s[n - 1] == '~';
}

/* The length of S[0..N) without the backup or version suffix that
   file-name-sans-versions takes off: the leftmost ".~VERSION~" that
   ends it, else a final "~". */
static size_t sans_versions_length(const char *s, size_t n)
{
  if (n == 0 || s[n - 1] != '~')
    return n;
  for (size_t i = 0; i + 2 < n; i++)
    if (s[i] == '.' && s[i + 1] == '~' && version_tail_p(s + i + 2, n - i - 2))
      return i;
  return n - 1;
}

/* The offset in NAME of its extension's dot, or 0 when it has none:
   the last dot of the file name without its version, not its first
   character (".emacs" has none).  *END gets where the name stops
   without its version. */
static size_t extension_dot(mval name, size_t *end)
{
  size_t base = nondirectory_start(name);
  *end = base + sans_versions_length(sdata(name) + base, slen(name) - base);
  for (size_t i = *end; i > base + 1; i--)
    if (sdata(name)[i - 1] == '.')
      return i - 1;
  return 0;
}

static mval Ffile_name_sans_extension(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  size_t end, dot = extension_dot(args[0], &end);
  return dot ? make_string(rt, sdata(args[0]), dot) : args[0];
}

/* (file-name-extension FILENAME &optional PERIOD): the extension,
   without a version suffix, with its dot when PERIOD. */
static mval Ffile_name_extension(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  size_t end, dot = extension_dot(args[0], &end);
  if (!dot)
    return NILP(args[1]) ? Qnil : make_string(rt, "", 0);
  size_t from = dot + (NILP(args[1]) ? 1 : 0);
  return make_string(rt, sdata(args[0]) + from, end - from);
}

/* ================================================================== */
/* Finding a file to load                                             */
/* ================================================================== */

static mval concat2(mrt *rt, mval a, const char *b)
{
  size_t alen = slen(a), blen = strlen(b);
  mval s = gc_string(rt->gc, alen + blen);
  struct string *p = XSTRING(s);
  memcpy(p->data, XSTRING(a)->data, alen);
  memcpy(p->data + alen, b, blen);
  bool mb;
  p->nchars = utf8_count_chars(p->data, alen + blen, &mb);
  p->flags = mb ? STRING_MULTIBYTE : 0;
  return s;
}

/* The modification time of PATH when it exists (when it is a regular
   file). */
static bool file_time_if(const char *path, struct timespec *mtime, bool regular)
{
  struct stat st;
  if (stat(path, &st) != 0 || (regular && !S_ISREG(st.st_mode)))
    return false;
  *mtime = st.st_mtim;
  return true;
}
static bool file_time(const char *path, struct timespec *mtime) { return file_time_if(path, mtime, false); }
static bool regular_file_time(const char *path, struct timespec *mtime) { return file_time_if(path, mtime, true); }

static bool earlier(struct timespec a, struct timespec b)
{
  return a.tv_sec < b.tv_sec || (a.tv_sec == b.tv_sec && a.tv_nsec < b.tv_nsec);
}

/* FILE with each of SUFFIXES in turn, inside DIR (nil: as it stands):
   the first that exists, or with NEWER the one modified last. */
static mval try_suffixes(mrt *rt, mval file, mval dir, mval suffixes, bool newer)
{
  mval full = expand_file_name(rt, file, dir), best = Qnil;
  struct timespec best_time = {0, 0}, t;
  for (; CONSP(suffixes); suffixes = XCDR(suffixes)) {
    if (!STRINGP(XCAR(suffixes)))
      continue;
    mval name = concat2(rt, full, sdata(XCAR(suffixes)));
    if (!regular_file_time(sdata(name), &t))
      continue;
    if (!newer)
      return name;
    if (NILP(best) || earlier(best_time, t)) {
      best = name;
      best_time = t;
    }
  }
  return best;
}

/* Emacs's openp: an absolute name stands alone; any other is looked
   up in each load-path directory (nil there means default-directory). */
static mval locate_load_file(mrt *rt, mval file, mval suffixes, bool newer)
{
  if (absolute_name_p(file))
    return try_suffixes(rt, file, Qnil, suffixes, newer);
  mval path = variable_or_nil(rt, Qload_path);
  for (; CONSP(path); path = XCDR(path)) {
    mval dir = XCAR(path);
    if (!STRINGP(dir) && !NILP(dir))
      continue;
    mval found = try_suffixes(rt, file, dir, suffixes, newer);
    if (!NILP(found))
      return found;
  }
  return Qnil;
}

static mval load_suffixes_var(mrt *rt) { return intern(rt, "load-suffixes"); }
static mval load_file_rep_suffixes_var(mrt *rt) { return intern(rt, "load-file-rep-suffixes"); }

/* Each of load-suffixes with each of load-file-rep-suffixes after it,
   pushed on OUT. */
static mval push_load_suffixes(mrt *rt, mval out)
{
  for (mval s = variable_or_nil(rt, load_suffixes_var(rt)); CONSP(s); s = XCDR(s))
    for (mval r = variable_or_nil(rt, load_file_rep_suffixes_var(rt)); CONSP(r); r = XCDR(r))
      if (STRINGP(XCAR(s)) && STRINGP(XCAR(r)))
        out = Fcons(rt, concat2(rt, XCAR(s), sdata(XCAR(r))), out);
  return out;
}

static mval Fget_load_suffixes(mrt *rt, int nargs, mval *args)
{
  return nreverse_list(rt, push_load_suffixes(rt, Qnil));
}

/* What load tries after FILE, as Emacs's load: nothing with NOSUFFIX;
   else the load suffixes, then (unless MUST-SUFFIX and FILE has no
   suffix of its own) FILE with just the representation suffixes. */
static mval suffixes_to_try(mrt *rt, mval file, bool nosuffix, bool must_suffix)
{
  if (nosuffix)
    return list1(rt, empty_string(rt, false));
  if (has_suffix(sdata(file), slen(file), ".el") || has_suffix(sdata(file), slen(file), ".elc"))
    must_suffix = false;
  mval out = push_load_suffixes(rt, Qnil);
  if (!must_suffix)
    for (mval r = variable_or_nil(rt, load_file_rep_suffixes_var(rt)); CONSP(r); r = XCDR(r))
      out = Fcons(rt, XCAR(r), out);
  return nreverse_list(rt, out);
}

/* ================================================================== */
/* Reading and evaluating                                             */
/* ================================================================== */

/* While PATH loads, the trail a warning about a cycle of eager macro
   expansion shows has (load NAME) on it, as Emacs's backtrace has its
   load-with-code-conversion frame (see eval.c's Fmacroexp__eager_trail_frames). */
static void note_load_on_eager_trail(mrt *rt, mval path)
{
  mval trail = Qmacroexp__eager_trail;
  mval outer = find_symbol_value(rt, trail);
  if (outer == Qunbound)
    return; /* preloading subr.el, which defines it */
  mval name = call1(rt, intern(rt, "file-name-nondirectory"), path);
  specbind(rt, trail, Fcons(rt, list2(rt, intern(rt, "load"), name), outer));
}

/* Each form is evaluated as lexical-binding says at that point, as in
   Emacs's readevalloop; with PRINT_VALUES each value is printed, as
   prin1 does on standard output t, else as print does. */
static mval eval_text_from(mrt *rt, const char *text, size_t len, size_t *pos, const char *name,
                           bool print_values)
{
  mval result = Qnil;
  /* Emacs decodes a file it loads as source; its own library it loads
     compiled, from unibyte text. */
  bool multibyte = name && NILP(variable_or_nil(rt, Qmarrow__library_load));
  for (;;) {
    mval form = read_one(rt, text, len, pos, name, multibyte);
    if (form == Qunbound)
      return result;
    result = eval_toplevel_form(rt, form, !NILP(variable_or_nil(rt, Qlexical_binding)));
    if (print_values)
      call1(rt, intern(rt, variable_or_nil(rt, Qstandard_output) == Qt ? "prin1" : "print"), result);
  }
}

mval load_eval_text(mrt *rt, const char *text, size_t len, const char *name)
{
  size_t pos = 0;
  return eval_text_from(rt, text, len, &pos, name, false);
}

void load_history_attach(mrt *rt, mval entry)
{
  set_symbol_value(rt, Qcurrent_load_list,
                   Fcons(rt, entry, variable_or_nil(rt, Qcurrent_load_list)));
}

/* Starts collecting what the code read from NAME (a file name, or nil
   for a buffer) defines; undone by unbinding. */
static void load_history_begin(mrt *rt, mval name)
{
  specbind(rt, Qcurrent_load_list, list1(rt, name));
}

/* Files what was collected under its name in load-history, first,
   replacing what an earlier load of the same name left there. */
static void load_history_end(mrt *rt)
{
  mval entry = nreverse_list(rt, variable_or_nil(rt, Qcurrent_load_list));
  mval kept = Qnil;
  for (mval l = variable_or_nil(rt, Qload_history); CONSP(l); l = XCDR(l))
    if (!CONSP(XCAR(l)) || !mrt_equal(rt, XCAR(XCAR(l)), XCAR(entry)))
      kept = Fcons(rt, XCAR(l), kept);
  set_symbol_value(rt, Qload_history, Fcons(rt, entry, nreverse_list(rt, kept)));
}

/* The whole file as a Lisp string.  The string is allocated before the
   file is opened, so nothing between fopen and fclose can signal. */
static mval read_file_text(mrt *rt, mval path, size_t *len)
{
  struct stat st;
  FILE *f = NULL;
  if (stat(sdata(path), &st) == 0 && S_ISREG(st.st_mode)) {
    mval text = gc_string(rt->gc, (size_t)st.st_size);
    f = fopen(sdata(path), "rb");
    if (f) {
      size_t n = fread(XSTRING(text)->data, 1, (size_t)st.st_size, f);
      fclose(f);
      *len = n;
      return text;
    }
  }
  int err = errno;
  xsignal3(rt, Qfile_error, make_cstring(rt, "Opening input file"),
           make_cstring(rt, strerror(err)), path);
}

/* Whether TEXT holds bytes that are not UTF-8.  Emacs decodes a source
   file by detection, so such a file (Latin-1, say) is decoded here as
   undecided text; a UTF-8 one, by far the most common, is read as it is. */
static bool has_non_utf8(const char *text, size_t len)
{
  const uint8_t *p = (const uint8_t *)text, *end = p + len;
  while (p < end) {
    if (*p < 0x80) {
      p++;
      continue;
    }
    int n, c = char_decode(p, end, &n);
    if (n == 1 || CHAR_RAW_BYTE_P(c)) /* a lone byte, or Emacs's form of one */
      return true;
    p += n;
  }
  return false;
}

static mval decoded_source(mrt *rt, mval text, size_t *len)
{
  mval bytes = make_unibyte_string(rt, sdata(text), *len);
  mval decoded = call2(rt, intern(rt, "decode-coding-string"), bytes, intern(rt, "undecided"));
  *len = slen(decoded);
  return decoded;
}

static void check_recursive_load(mrt *rt, mval path, mval loading)
{
  int seen = 0;
  for (mval l = loading; CONSP(l); l = XCDR(l))
    if (STRINGP(XCAR(l)) && slen(XCAR(l)) == slen(path) &&
        memcmp(sdata(XCAR(l)), sdata(path), slen(path)) == 0)
      seen++;
  if (seen > MAX_RECURSIVE_LOADS)
    mrt_signal(rt, Qerror,
               Fcons(rt, make_cstring(rt, "Recursive load"), Fcons(rt, path, loading)));
}

static void write_err_string(mrt *rt, const char *s) { mrt_write_err(rt, s, strlen(s)); }

/* What Emacs's load says, given the name FILE it was asked for and the
   PATH found: a source file by its path, a compiled one by FILE. */
static void load_message(mrt *rt, mval file, mval path, bool compiled, bool newer, bool nomessage)
{
  if (nomessage) {
    if (newer) {
      write_err_string(rt, "Source file \xe2\x80\x98");
      mrt_write_err(rt, sdata(path), slen(path) - 1);
      write_err_string(rt, "\xe2\x80\x99 newer than byte-compiled file; using older file\n");
    }
    return;
  }
  write_err_string(rt, "Loading ");
  if (!compiled) {
    mrt_write_err(rt, sdata(path), slen(path));
    if (has_suffix(sdata(path), slen(path), ".el"))
      write_err_string(rt, " (source)");
  } else {
    mrt_write_err(rt, sdata(file), slen(file));
    if (newer)
      write_err_string(rt, " (compiled; note, source file is newer)");
  }
  write_err_string(rt, "...\n");
}

/* Emacs's test that TEXT is a compiled file: among its first 512
   bytes, a line after the first that starts with ";;;", one character
   and "in Emacs version" or "bytecomp version FSF", in any case. */
static bool compiled_header(const char *text, size_t len)
{
  static const char *const phrases[] = {"in Emacs version", "bytecomp version FSF"};
  const char *end = text + (len < 512 ? len : 512);
  for (const char *nl = memchr(text, '\n', (size_t)(end - text)); nl;
       nl = memchr(nl + 1, '\n', (size_t)(end - nl - 1))) {
    const char *line = nl + 1;
    for (int i = 0; i < 2; i++) {
      size_t n = strlen(phrases[i]);
      if (end - line >= (ptrdiff_t)(4 + n) && memcmp(line, ";;;", 3) == 0 &&
          strncasecmp(line + 4, phrases[i], n) == 0)
        return true;
    }
  }
  return false;
}

/* Whether the .elc file PATH has a source file (PATH without its "c")
   modified after it. */
static bool source_is_newer(mrt *rt, mval path)
{
  struct timespec compiled, source;
  mval el = make_string(rt, sdata(path), slen(path) - 1);
  return regular_file_time(sdata(path), &compiled) && regular_file_time(sdata(el), &source) &&
         earlier(compiled, source);
}

/* A script's "#!" line is a comment, as in Emacs. */
static size_t skip_shebang(const char *text, size_t len)
{
  if (len < 2 || text[0] != '#' || text[1] != '!')
    return 0;
  size_t i = 0;
  while (i < len && text[i] != '\n')
    i++;
  return i;
}

/* The first "-*-" in [P, END), or NULL. */
static const char *find_mode_marker(const char *p, const char *end)
{
  for (; p + 3 <= end; p++)
    if (p[0] == '-' && p[1] == '*' && p[2] == '-')
      return p;
  return NULL;
}

/* Whether the line at TEXT (up to END) is a comment whose -*- ... -*-
   section sets lexical-binding to something other than nil. */
static bool line_sets_lexical_binding(const char *text, const char *end)
{
  const char *eol = memchr(text, '\n', (size_t)(end - text));
  if (!eol)
    eol = end;
  if (text == eol || *text != ';')
    return false;
  const char *open = find_mode_marker(text, eol);
  if (!open)
    return false;
  open += 3;
  const char *close = find_mode_marker(open, eol);
  if (!close)
    return false;
  static const char key[] = "lexical-binding:";
  for (const char *p = open; p + sizeof key - 1 <= close; p++) {
    bool starts_word = p == open || p[-1] == ' ' || p[-1] == '\t' || p[-1] == ';';
    if (!starts_word || memcmp(p, key, sizeof key - 1) != 0)
      continue;
    p += sizeof key - 1;
    while (p < close && (*p == ' ' || *p == '\t'))
      p++;
    const char *v = p;
    while (p < close && *p != ' ' && *p != '\t' && *p != ';')
      p++;
    return !(p - v == 3 && memcmp(v, "nil", 3) == 0);
  }
  return false;
}

/* Emacs's lexical-binding cookie: on the first line, or on the second
   after a "#!" line.  Without it a file is evaluated dynamically. */
static bool file_lexically_bound(const char *text, size_t len, size_t start)
{
  if (start > 0 && start < len)
    start++; /* past the "#!" line's newline */
  return line_sets_lexical_binding(text + start, text + len);
}

/* Loads PATH, found for the name FILE. */
/* PATH is a file of marrow's own Lisp library: Emacs byte-compiles
   its own, so backtraces show no forms inside them (see eval.c). */
static bool in_lisp_dir(mrt *rt, mval path)
{
  mval dir = variable_or_nil(rt, Qmarrow__lisp_directory);
  if (!STRINGP(dir) || !STRINGP(path))
    return false;
  size_t n = (size_t)slen(dir);
  return (size_t)slen(path) > n && memcmp(sdata(path), sdata(dir), n) == 0 &&
         sdata(path)[n] == '/';
}

/* The read-symbol-shorthands a source file's Local Variables give it
   (Emacs 28's load binds the variable to them, nil for none). */
static bool text_contains(const char *data, size_t len, const char *word, size_t n)
{
  for (const char *p = data, *end = data + len; (size_t)(end - p) >= n; p++) {
    p = memchr(p, word[0], (size_t)(end - p) - n + 1);
    if (!p)
      return false;
    if (memcmp(p, word, n) == 0)
      return true;
  }
  return false;
}

static mval file_shorthands(mrt *rt, const char *data, size_t len, bool compiled)
{
  static const char name[] = "read-symbol-shorthands";
  if (compiled || !text_contains(data, len, name, sizeof name - 1))
    return Qnil;
  return call1(rt, Qlread__file_shorthands, make_string(rt, data, len));
}

/* After loading FILE, however that ends, Emacs's load says which ?C
   literals it read without the backslash they need. */
static void warn_unescaped_literals(mrt *rt, mval file)
{
  mval fn = Qbyte_run__unescaped_character_literals_warning;
  /* Nothing to say without such literals: lread.el stays unloaded. */
  if (NILP(find_symbol_value(rt, Qlread__unescaped_character_literals)) ||
      NILP(XSYMBOL(rt, fn)->function))
    return;
  mval warning = call0(rt, fn);
  if (!NILP(warning))
    call3(rt, Qmessage, make_cstring(rt, "Loading `%s': %s"), file, warning);
}

static mval load_found_file(mrt *rt, mval file, mval path, bool noerror, bool nomessage)
{
  mval loads_var = loads_in_progress_var(rt);
  mval loading = variable_or_nil(rt, loads_var);
  check_recursive_load(rt, path, loading);
  size_t depth = rt->specpdl_depth;
  size_t stack_top = rt->stack_top;
  size_t len;
  mval text = read_file_text(rt, path, &len);
  bool elc = has_suffix(sdata(path), slen(path), ".elc"), compiled = compiled_header(sdata(text), len);
  if (!compiled && has_non_utf8(sdata(text), len))
    text = decoded_source(rt, text, &len);
  push_root(rt, text);
  const char *data = sdata(text);
  if (elc && !compiled)
    mrt_errorf(rt, "File \xe2\x80\x98%s\xe2\x80\x99 was not compiled in Emacs", sdata(path));
  /* With load-prefer-newer, the search has weighed the source already. */
  bool newer = elc && NILP(variable_or_nil(rt, intern(rt, "load-prefer-newer"))) &&
               source_is_newer(rt, path);
  load_message(rt, file, path, compiled, newer, nomessage);
  specbind(rt, loads_var, Fcons(rt, path, loading));
  specbind(rt, Qload_file_name, path);
  specbind(rt, intern(rt, "load-true-file-name"), path);
  note_load_on_eager_trail(rt, path);
  specbind(rt, intern(rt, "load-in-progress"), Qt);
  specbind(rt, Qmarrow__library_load, in_lisp_dir(rt, path) ? Qt : Qnil);
  /* Emacs's libraries are compiled: loading one makes no gensyms. */
  mval gensyms = find_symbol_value(rt, intern(rt, "gensym-counter"));
  if (in_lisp_dir(rt, path) && gensyms != Qunbound)
    specbind(rt, intern(rt, "gensym-counter"), gensyms);
  size_t pos = skip_shebang(data, len);
  specbind(rt, Qlexical_binding, file_lexically_bound(data, len, pos) ? Qt : Qnil);
  eval_begin_declarations(rt);
  struct reader_stream stream = { data, len, &pos, sdata(path), !in_lisp_dir(rt, path), NULL };
  reader_stream_begin(rt, &stream);
  specbind(rt, Qlread__unescaped_character_literals, Qnil);
  record_unwind(rt, warn_unescaped_literals, file);
  /* marrow's own library has none (and lread.el, which finds them,
     names the variable) */
  specbind(rt, Qread_symbol_shorthands,
           in_lisp_dir(rt, path) ? Qnil : file_shorthands(rt, data, len, compiled));
  load_history_begin(rt, path);
  /* Emacs reads a source file in Lisp, whose frame its backtraces show
     (its byte code loads in C, with none). */
  mval shown[4] = {path, path, noerror ? Qt : Qnil, nomessage ? Qt : Qnil};
  struct bt_frame frame;
  if (!compiled)
    eval_push_frame(rt, &frame, intern(rt, "load-with-code-conversion"), 4, shown);
  eval_text_from(rt, data, len, &pos, sdata(path), false);
  if (!compiled)
    eval_pop_frame(rt, &frame);
  load_history_end(rt);
  unbind_to(rt, depth);
  rt->stack_top = stack_top;
  /* eval-after-load's forms for the file, then after-load-functions:
     subr.el defines the function, so files loaded before it skip this. */
  mval after = intern(rt, "do-after-load-evaluation");
  if (!NILP(XSYMBOL(rt, after)->function))
    call1(rt, after, path);
  return Qt;
}

/* Evaluates the forms NEXT returns, each in a list, until it returns
   something else; prints each value when PRINT_VALUES. */
static void eval_forms_from(mrt *rt, mval next, bool print_values)
{
  for (;;) {
    mval wrapped = call0(rt, next);
    if (!CONSP(wrapped))
      return;
    mval result = eval_toplevel_form(rt, XCAR(wrapped), !NILP(variable_or_nil(rt, Qlexical_binding)));
    if (print_values)
      call1(rt, intern(rt, variable_or_nil(rt, Qstandard_output) == Qt ? "prin1" : "print"), result);
  }
}

/* (marrow--eval-text HEAD OUTPUT PRINTFLAG COOKIE NEXT NAME):
   eval-buffer's and eval-region's loop over the forms NEXT returns, as
   for eval_forms_from, with standard-output bound to OUTPUT and what
   they define filed in load-history under NAME; with COOKIE,
   lexical-binding as the first line of HEAD, the buffer's text, sets
   it. */
static mval Fmarrow__eval_text(mrt *rt, int nargs, mval *args)
{
  mval head = args[0];
  CHECK_STRING(rt, head);
  size_t depth = rt->specpdl_depth, stack_top = rt->stack_top;
  specbind(rt, Qstandard_output, args[1]);
  if (!NILP(args[3]))
    specbind(rt, Qlexical_binding,
             file_lexically_bound(sdata(head), slen(head), skip_shebang(sdata(head), slen(head)))
             ? Qt : Qnil);
  eval_begin_declarations(rt);
  load_history_begin(rt, args[5]);
  eval_forms_from(rt, args[4], !NILP(args[2]));
  load_history_end(rt);
  unbind_to(rt, depth);
  rt->stack_top = stack_top;
  return Qnil;
}

static mval locate_as_load(mrt *rt, mval file, bool nosuffix, bool must_suffix)
{
  CHECK_STRING(rt, file);
  bool newer = !NILP(variable_or_nil(rt, intern(rt, "load-prefer-newer")));
  return locate_load_file(rt, file, suffixes_to_try(rt, file, nosuffix, must_suffix), newer);
}

static _Noreturn void missing_load_file(mrt *rt, mval file)
{
  xsignal3(rt, Qfile_missing, make_cstring(rt, "Cannot open load file"),
           make_cstring(rt, "No such file or directory"), file);
}

/* Emacs's load: nil when FILE is not found and NOERROR. */
static mval load_as_emacs(mrt *rt, mval file, bool noerror, bool nomessage, bool nosuffix,
                          bool must_suffix)
{
  mval found = locate_as_load(rt, file, nosuffix, must_suffix);
  if (NILP(found)) {
    if (noerror)
      return Qnil;
    missing_load_file(rt, file);
  }
  return load_found_file(rt, file, found, noerror, nomessage);
}

mval load_file(mrt *rt, mval file, bool noerror, bool nomessage)
{
  return load_as_emacs(rt, file, noerror, nomessage, false, false);
}

mval load_locate_file(mrt *rt, mval file) { return locate_as_load(rt, file, false, false); }

mval load_autoload_file(mrt *rt, mval file)
{
  size_t depth = rt->specpdl_depth;
  mval dir = variable_or_nil(rt, Qmarrow__lisp_directory);
  if (STRINGP(dir)) {
    mval path = variable_or_nil(rt, Qload_path);
    specbind(rt, Qload_path, Fcons(rt, dir, Qnil));
    /* Emacs has preloaded most of the library marrow autoloads, or
       loads it compiled: loading one of marrow's files must not
       disturb the caller's match data. */
    if (!NILP(load_locate_file(rt, file)))
      protect_match_data(rt);
    specbind(rt, Qload_path, Fcons(rt, dir, path));
  }
  mval r = load_file(rt, file, false, true);
  unbind_to(rt, depth);
  return r;
}

void load_command_line_file(mrt *rt, const char *file)
{
  mval name = make_cstring(rt, file);
  mval full = expand_file_name(rt, name, Qnil);
  if (regular_file_p(sdata(full)))
    load_found_file(rt, name, full, false, true);
  else
    load_file(rt, name, false, true);
}

/* (load FILE &optional NOERROR NOMESSAGE NOSUFFIX MUST-SUFFIX) */
static mval Fload(mrt *rt, int nargs, mval *args)
{
  return load_as_emacs(rt, args[0], !NILP(args[1]), !NILP(args[2]), !NILP(args[3]), !NILP(args[4]));
}

/* (marrow--docstring-from-file FILE POSITION): the docstring an .elc
   file keeps at byte POSITION, up to the \037 after it, as Emacs's
   get_doc_string reads the (FILE . POSITION) of a compiled function's
   docstring slot: \001\001, \0010 and \001_ stand for \001, \0 and
   \037.  Nil when the file cannot be read there. */
static mval Fdocstring_from_file(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  CHECK_FIXNUM(rt, args[1]);
  size_t len;
  if (XFIXNUM(args[1]) < 0 || !regular_file_p(sdata(args[0])))
    return Qnil;
  size_t stack_top = rt->stack_top;
  mval text = read_file_text(rt, args[0], &len);
  push_root(rt, text);
  size_t pos = (size_t)XFIXNUM(args[1]);
  if (pos > len)
    pos = len;
  /* Unescaped in place: the text is this call's own copy. */
  char *start = (char *)XSTRING(text)->data + pos, *end = (char *)XSTRING(text)->data + len;
  char *w = start;
  for (const char *p = start; p < end && *p != 037; p++) {
    char c = *p;
    if (c == 1 && p + 1 < end) {
      p++;
      c = *p == '0' ? 0 : *p == '_' ? 037 : *p;
    }
    *w++ = c;
  }
  mval doc = make_string(rt, start, (size_t)(w - start));
  rt->stack_top = stack_top;
  return doc;
}

/* (set-file-times FILENAME &optional TIMESTAMP FLAG): TIMESTAMP (a
   Lisp time, nil for now) as FILENAME's access and modification time,
   or a file error.  FLAG nofollow sets a symbolic link's. */
static mval Fset_file_times(mrt *rt, int nargs, mval *args)
{
  mval path, handled;
  if (expanded_file_handled(rt, Qset_file_times, 3, args, &path, &handled))
    return handled;
  struct timespec t[2] = {{0, UTIME_NOW}, {0, UTIME_NOW}};
  if (!NILP(args[1])) /* exactly, to the nanosecond: not through a float */
    t[0] = t[1] = timefns_to_timespec(rt, args[1]);
  int flags = args[2] == intern(rt, "nofollow") ? AT_SYMLINK_NOFOLLOW : 0;
  if (utimensat(AT_FDCWD, sdata(path), t, flags) != 0) {
    int err = errno;
    mrt_signal(rt, err == ENOENT ? Qfile_missing : Qfile_error,
               list3(rt, make_cstring(rt, "Setting file times"), make_cstring(rt, strerror(err)), path));
  }
  return Qt;
}

/* (file-newer-than-file-p FILE1 FILE2) */
static mval Ffile_newer_than_file_p(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  CHECK_STRING(rt, args[1]);
  struct timespec t1, t2;
  mval f1 = expand_file_name(rt, args[0], Qnil), f2 = expand_file_name(rt, args[1], Qnil), handled;
  mval given[2] = { f1, f2 };
  if (file_handler_call(rt, Qfile_newer_than_file_p, f1, f2, 2, given, &handled))
    return handled;
  if (!file_time(sdata(f1), &t1))
    return Qnil;
  return !file_time(sdata(f2), &t2) || earlier(t2, t1) ? Qt : Qnil;
}

static mval Ffile_name_as_directory(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  mval handled;
  if (file_handler_name(rt, Qfile_name_as_directory, args[0], Qnil, 1, args, &handled))
    return handled;
  size_t n = slen(args[0]);
  if (n == 0)
    return make_cstring(rt, "./");
  if (sdata(args[0])[n - 1] == '/')
    return args[0];
  struct strbuf b = {0};
  size_t depth = strbuf_protect(rt, &b);
  strbuf_put(&b, sdata(args[0]), n);
  strbuf_put(&b, "/", 1);
  return strbuf_release(rt, &b, false, depth);
}

/* Trailing slashes go, but "/" stays and so does "//", which POSIX lets
   mean something else. */
static mval Fdirectory_file_name(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  mval handled;
  if (file_handler_name(rt, Qdirectory_file_name, args[0], Qnil, 1, args, &handled))
    return handled;
  size_t n = slen(args[0]), end = n;
  while (end > 1 && sdata(args[0])[end - 1] == '/')
    end--;
  if (end == 1 && n == 2 && sdata(args[0])[0] == '/')
    return args[0];
  return end == n ? args[0] : make_string(rt, sdata(args[0]), end);
}

static mval Ffile_name_base(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  size_t end, base = nondirectory_start(args[0]), dot = extension_dot(args[0], &end);
  return make_string(rt, sdata(args[0]) + base, (dot ? dot : slen(args[0])) - base);
}

/* (file-name-concat DIRECTORY &rest COMPONENTS): joined by slashes,
   nil and "" left out. */
static mval Ffile_name_concat(mrt *rt, int nargs, mval *args)
{
  for (int i = 0; i < nargs; i++)
    if (!NILP(args[i]))
      CHECK_STRING(rt, args[i]);
  struct strbuf b = {0};
  size_t depth = strbuf_protect(rt, &b);
  for (int i = 0; i < nargs; i++) {
    if (NILP(args[i]) || slen(args[i]) == 0)
      continue;
    if (b.len && b.data[b.len - 1] != '/')
      strbuf_put(&b, "/", 1);
    strbuf_put(&b, sdata(args[i]), slen(args[i]));
  }
  return strbuf_release(rt, &b, false, depth);
}

/* ================================================================== */
/* Features                                                           */
/* ================================================================== */

static mval Fprovide(mrt *rt, int nargs, mval *args)
{
  mval feature = args[0];
  CHECK_SYMBOL(rt, feature);
  mval features = variable_or_nil(rt, Qfeatures);
  eval_note_provide(rt, features);
  load_history_attach(rt, Fcons(rt, Qprovide, feature));
  if (!memq(feature, features))
    set_symbol_value(rt, Qfeatures, Fcons(rt, feature, features));
  if (!NILP(args[1]))
    put_prop(rt, feature, intern(rt, "subfeatures"), args[1]);
  /* The functions eval-after-load registered for the feature. */
  mval waiting = call2(rt, intern(rt, "assq"), feature, variable_or_nil(rt, intern(rt, "after-load-alist")));
  if (CONSP(waiting))
    call2(rt, intern(rt, "mapc"), intern(rt, "funcall"), XCDR(waiting));
  return feature;
}

static mval Ffeaturep(mrt *rt, int nargs, mval *args)
{
  CHECK_SYMBOL(rt, args[0]);
  if (!memq(args[0], variable_or_nil(rt, Qfeatures)))
    return Qnil;
  if (NILP(args[1]))
    return Qt;
  mval subs = get_prop(rt, args[0], intern(rt, "subfeatures"));
  return call2(rt, intern(rt, "member"), args[1], subs) != Qnil ? Qt : Qnil;
}

static void check_recursive_require(mrt *rt, mval feature, mval requiring)
{
  int seen = 0;
  for (mval l = requiring; CONSP(l); l = XCDR(l))
    seen += XCAR(l) == feature;
  if (seen > MAX_RECURSIVE_LOADS)
    mrt_errorf(rt, "Recursive \xe2\x80\x98require\xe2\x80\x99 for feature \xe2\x80\x98%s\xe2\x80\x99",
               symbol_name(rt, feature));
}

/* (require FEATURE &optional FILENAME NOERROR) */
/* A file's load-history names each feature it requires once, loaded
   already or not; code not read from a file notes none. */
static void note_require(mrt *rt, mval feature)
{
  mval loading = variable_or_nil(rt, Qcurrent_load_list), last = Qnil;
  for (mval l = loading; CONSP(l); l = XCDR(l))
    last = XCAR(l);
  mval entry = Fcons(rt, Qrequire, feature);
  if (!STRINGP(last))
    return;
  for (mval l = loading; CONSP(l); l = XCDR(l))
    if (mrt_equal(rt, XCAR(l), entry))
      return;
  load_history_attach(rt, entry);
}

static mval Frequire(mrt *rt, int nargs, mval *args)
{
  mval feature = args[0], filename = args[1];
  CHECK_SYMBOL(rt, feature);
  note_require(rt, feature);
  if (memq(feature, variable_or_nil(rt, Qfeatures)))
    return feature;
  mval var = require_in_progress_var(rt);
  mval requiring = variable_or_nil(rt, var);
  check_recursive_require(rt, feature, requiring);
  size_t depth = rt->specpdl_depth;
  specbind(rt, var, Fcons(rt, feature, requiring));
  mval file = NILP(filename) ? XSYMBOL(rt, feature)->name : filename;
  mval found = locate_as_load(rt, file, false, NILP(filename)); /* as Emacs's require asks */
  if (NILP(found)) {
    unbind_to(rt, depth);
    if (!NILP(args[2]))
      return Qnil;
    missing_load_file(rt, file);
  }
  size_t count = eval_begin_undoable_load(rt);
  load_found_file(rt, file, found, !NILP(args[2]), true);
  eval_end_undoable_load(rt, count);
  unbind_to(rt, depth);
  if (!memq(feature, variable_or_nil(rt, Qfeatures)))
    mrt_errorf(rt, "Loading file %s failed to provide feature \xe2\x80\x98%s\xe2\x80\x99", sdata(found),
               symbol_name(rt, feature));
  return feature;
}

/* ================================================================== */
/* Setup                                                              */
/* ================================================================== */

void load_set_lisp_dir(mrt *rt, const char *dir)
{
  mval path = variable_or_nil(rt, Qload_path);
  set_symbol_value(rt, Qload_path, Fcons(rt, make_cstring(rt, dir), path));
  set_symbol_value(rt, Qmarrow__lisp_directory, make_cstring(rt, dir));
}

static const struct subr_def load_subrs[] = {
  {"marrow--eval-text", Fmarrow__eval_text, 6, 6},
  {"load", Fload, 1, 5},
  {"require", Frequire, 1, 3},
  {"provide", Fprovide, 1, 2},
  {"featurep", Ffeaturep, 1, 2},
  {"find-file-name-handler", Ffind_file_name_handler, 2, 2},
  {"expand-file-name", Fexpand_file_name, 1, 2},
  {"file-exists-p", Ffile_exists_p, 1, 1},
  {"delete-file", Fdelete_file, 1, 2},
  {"delete-directory", Fdelete_directory, 1, 3},
  {"make-directory", Fmake_directory, 1, 2},
  {"make-temp-file", Fmake_temp_file, 1, 4},
  {"make-temp-name", Fmake_temp_name, 1, 1},
  {"file-readable-p", Ffile_readable_p, 1, 1},
  {"file-directory-p", Ffile_directory_p, 1, 1},
  {"file-symlink-p", Ffile_symlink_p, 1, 1},
  {"file-executable-p", Ffile_executable_p, 1, 1},
  {"file-regular-p", Ffile_regular_p, 1, 1},
  {"file-writable-p", Ffile_writable_p, 1, 1},
  {"file-accessible-directory-p", Ffile_accessible_directory_p, 1, 1},
  {"directory-files", Fdirectory_files, 1, 5},
  {"rename-file", Frename_file, 2, 3},
  {"make-symbolic-link", Fmake_symbolic_link, 2, 3},
  {"file-name-absolute-p", Ffile_name_absolute_p, 1, 1},
  {"file-name-directory", Ffile_name_directory, 1, 1},
  {"file-name-nondirectory", Ffile_name_nondirectory, 1, 1},
  {"file-name-sans-extension", Ffile_name_sans_extension, 1, 1},
  {"file-name-extension", Ffile_name_extension, 1, 2},
  {"file-name-as-directory", Ffile_name_as_directory, 1, 1},
  {"directory-file-name", Fdirectory_file_name, 1, 1},
  {"file-name-base", Ffile_name_base, 0, 1},
  {"file-name-concat", Ffile_name_concat, 1, ARGS_MANY},
  {"get-load-suffixes", Fget_load_suffixes, 0, 0},
  {"marrow--docstring-from-file", Fdocstring_from_file, 2, 2},
  {"set-file-times", Fset_file_times, 1, 3},
  {"file-attributes", Ffile_attributes, 1, 2},
  {"file-modes", Ffile_modes, 1, 2},
  {"set-file-modes", Fset_file_modes, 2, 3},
  {"default-file-modes", Fdefault_file_modes, 0, 0},
  {"set-default-file-modes", Fset_default_file_modes, 1, 1},
  {"file-newer-than-file-p", Ffile_newer_than_file_p, 2, 2},
};

void load_init(mrt *rt)
{
  defsubrs(rt, load_subrs, sizeof load_subrs / sizeof load_subrs[0]);
  defvar(rt, Qload_path, Qnil);
  defvar(rt, Qmarrow__lisp_directory, Qnil);
  defvar(rt, Qmarrow__library_load, Qnil);
  /* Emacs's less the modules' ".so"; no compressed files either. */
  defvar(rt, load_suffixes_var(rt), list2(rt, make_cstring(rt, ".elc"), make_cstring(rt, ".el")));
  defvar(rt, load_file_rep_suffixes_var(rt), list1(rt, empty_string(rt, false)));
  defvar(rt, intern(rt, "load-prefer-newer"), Qnil);
  defvar(rt, intern(rt, "load-force-doc-strings"), Qnil);
  defvar(rt, Qfeatures, Qnil);
  defvar(rt, Qcurrent_load_list, Qnil);
  defvar(rt, Qload_history, Qnil);
  defvar(rt, Qload_file_name, Qnil);
  defvar(rt, intern(rt, "load-true-file-name"), Qnil);
  defvar(rt, intern(rt, "load-in-progress"), Qnil);
  defvar(rt, loads_in_progress_var(rt), Qnil);
  defvar(rt, require_in_progress_var(rt), Qnil);
  defvar(rt, intern(rt, "default-directory"), current_directory(rt));
  defvar(rt, Qinhibit_file_name_handlers, Qnil);
  defvar(rt, Qinhibit_file_name_operation, Qnil);
  const char *tmp = getenv("TMPDIR");
  mval tmpdir = make_cstring(rt, tmp && *tmp ? tmp : "/tmp");
  defvar(rt, intern(rt, "temporary-file-directory"), call1(rt, intern(rt, "file-name-as-directory"), tmpdir));
}
