/*
** fileio.c -- layer 5: copy-file, add-name-to-file, file name
** completion, directory-files-and-attributes and the small file system
** queries (access-file, file-system-info, ACLs, SELinux contexts).
**
** Invariants:
**   - Every primitive asks its file name handler first, as load.c's do
**     (file_expanded_handled / file_handler_call).
**   - No descriptor or DIR* outlives a signal: descriptors are closed
**     before any error is raised, and a directory being read is closed
**     by an unwind entry, since the Lisp called while reading it
**     (predicates, regexps) may exit non-locally.
**   - This build has no ACL or SELinux support: those functions answer
**     as Emacs built without it does.
*/
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "fileio.h"
#include "load.h"
#include "eval.h"
#include "bignum.h"
#include "fns.h"

static const char *sdata(mval s) { return (const char *)XSTRING(s)->data; }
static size_t slen(mval s) { return (size_t)XSTRING(s)->nbytes; }

static mval cstr(mrt *rt, const char *s) { return make_cstring(rt, s); }

static mval variable_or_nil(mrt *rt, const char *name)
{
  mval v = find_symbol_value(rt, intern(rt, name));
  return v == Qunbound ? Qnil : v;
}

/* The error symbol for ERR: file-missing for a name that is not there. */
static mval error_type(int err) { return err == ENOENT ? Qfile_missing : Qfile_error; }

/* Signals (TYPE WHAT STRERROR FILE [OTHER]) for ERR. */
_Noreturn static void file_failure(mrt *rt, int err, const char *what, mval file, mval other)
{
  mval data = list3(rt, cstr(rt, what), cstr(rt, strerror(err)), file);
  if (!NILP(other))
    data = list4(rt, XCAR(data), XCAR(XCDR(data)), file, other);
  mrt_signal(rt, error_type(err), data);
}

static bool directory_name_p(mval name)
{
  return slen(name) > 0 && sdata(name)[slen(name) - 1] == '/';
}

/* NEWNAME expanded; a directory name (ending in a slash) stands for
   FILE's own name inside it. */
static mval target_name(mrt *rt, mval file, mval newname)
{
  CHECK_STRING(rt, newname);
  if (directory_name_p(newname))
    return file_expand_name(rt, call1(rt, intern(rt, "file-name-nondirectory"), file), newname);
  return file_expand_name(rt, newname, Qnil);
}

/* OK-IF-ALREADY-EXISTS said no (nil), or to ask (an integer): an
   existing NEWNAME is then an error unless the user says yes. */
static void refuse_existing(mrt *rt, mval newname, mval ok, const char *question)
{
  struct stat st;
  if ((!NILP(ok) && !INTEGERP(ok)) || lstat(sdata(newname), &st) != 0)
    return;
  if (INTEGERP(ok)) {
    char prompt[64];
    snprintf(prompt, sizeof prompt, "File %%s already exists; %s anyway? ", question);
    mval text = call2(rt, intern(rt, "format"), cstr(rt, prompt), newname);
    if (!NILP(call1(rt, intern(rt, "yes-or-no-p"), text)))
      return;
  }
  xsignal2(rt, Qfile_already_exists, cstr(rt, "File already exists"), newname);
}

/* ================================================================== */
/* copy-file                                                          */
/* ================================================================== */

/* Copies the rest of IN to OUT; 0, or the errno of the failure. */
static int copy_contents(int in, int out)
{
  char buf[65536];
  for (;;) {
    ssize_t n = read(in, buf, sizeof buf);
    if (n == 0)
      return 0;
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return errno;
    }
    for (ssize_t done = 0; done < n;) {
      ssize_t w = write(out, buf + done, (size_t)(n - done));
      if (w < 0 && errno != EINTR)
        return errno;
      done += w > 0 ? w : 0;
    }
  }
}

/* The input of a copy, opened and checked to be a regular file. */
static int open_copy_input(mrt *rt, mval file, struct stat *st)
{
  int in = open(sdata(file), O_RDONLY | O_CLOEXEC);
  if (in < 0)
    file_failure(rt, errno, "Opening input file", file, Qnil);
  if (fstat(in, st) != 0) {
    int err = errno;
    close(in);
    file_failure(rt, err, "Input file status", file, Qnil);
  }
  if (!S_ISREG(st->st_mode)) {
    int err = S_ISDIR(st->st_mode) ? EISDIR : 0;
    close(in);
    xsignal3(rt, Qfile_error, cstr(rt, "Non-regular file"), cstr(rt, strerror(err)), file);
  }
  return in;
}

/* The output of a copy: an existing NEWNAME is opened as it is (a link
   to nowhere is then missing), a new one made with the input's
   permissions.  Writing a file onto itself is refused before anything
   is truncated. */
static int open_copy_output(mrt *rt, int in, const struct stat *in_st, mval file, mval newname)
{
  struct stat st;
  bool existed = lstat(sdata(newname), &st) == 0;
  int flags = O_WRONLY | O_CLOEXEC | (existed ? 0 : O_CREAT | O_EXCL);
  int out = open(sdata(newname), flags, in_st->st_mode & 0777);
  if (out < 0) {
    int err = errno;
    close(in);
    file_failure(rt, err, "Opening output file", newname, Qnil);
  }
  if (fstat(out, &st) == 0 && st.st_dev == in_st->st_dev && st.st_ino == in_st->st_ino) {
    close(in);
    close(out);
    mrt_signal(rt, Qfile_error, list4(rt, cstr(rt, "Input and output files are the same"),
                                      cstr(rt, strerror(0)), file, newname));
  }
  return out;
}

/* What KEEP-TIME, PRESERVE-UID-GID and PRESERVE-PERMISSIONS ask of the
   copy OUT of a file with attributes ST; failures are ignored, as
   Emacs ignores a chown it may not do. */
static void copy_attributes(int out, const struct stat *st, mval keep_time, mval uid_gid, mval perms)
{
  if (!NILP(uid_gid))
    (void)!fchown(out, st->st_uid, st->st_gid);
  if (!NILP(perms))
    (void)!fchmod(out, st->st_mode & 07777);
  if (!NILP(keep_time)) {
    struct timespec times[2] = { st->st_atim, st->st_mtim };
    (void)!futimens(out, times);
  }
}

/* (copy-file FILE NEWNAME &optional OK-IF-ALREADY-EXISTS KEEP-TIME
   PRESERVE-UID-GID PRESERVE-PERMISSIONS) */
static mval Fcopy_file(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  CHECK_STRING(rt, args[1]);
  mval file = file_expand_name(rt, args[0], Qnil);
  mval newname = target_name(rt, file, args[1]), handled;
  mval given[6] = { file, newname, args[2], args[3], args[4], args[5] };
  if (file_handler_call(rt, intern(rt, "copy-file"), file, newname, 6, given, &handled))
    return handled;
  /* Emacs opens the input first: a missing or non-regular FILE is
     reported before an existing NEWNAME. */
  struct stat st, out_st;
  int in = open_copy_input(rt, file, &st);
  if ((NILP(args[2]) || INTEGERP(args[2])) && lstat(sdata(newname), &out_st) == 0) {
    close(in);
    refuse_existing(rt, newname, args[2], "copy to it");
    in = open_copy_input(rt, file, &st);
  }
  int out = open_copy_output(rt, in, &st, file, newname);
  int err = ftruncate(out, 0) == 0 ? copy_contents(in, out) : errno;
  if (!err)
    copy_attributes(out, &st, args[3], args[4], args[5]);
  close(in);
  if (close(out) != 0 && !err)
    err = errno;
  if (err)
    file_failure(rt, err, "Write error", newname, Qnil);
  return Qnil;
}

/* (add-name-to-file FILE NEWNAME &optional OK-IF-ALREADY-EXISTS) */
static mval Fadd_name_to_file(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  CHECK_STRING(rt, args[1]);
  mval file = file_expand_name(rt, args[0], Qnil);
  mval newname = target_name(rt, file, args[1]), handled;
  mval given[3] = { file, newname, args[2] };
  if (file_handler_call(rt, intern(rt, "add-name-to-file"), file, newname, 3, given, &handled))
    return handled;
  /* As Emacs, the link is tried first: only an existing NEWNAME makes
     OK-IF-ALREADY-EXISTS matter. */
  if (link(sdata(file), sdata(newname)) == 0)
    return Qnil;
  int err = errno;
  if (err == EEXIST)
    refuse_existing(rt, newname, args[2], "make it a new name");
  if (err == EEXIST) { /* allowed to replace it */
    if (unlink(sdata(newname)) != 0) /* a directory in the way: Emacs says it exists */
      mrt_signal(rt, Qfile_already_exists, list3(rt, cstr(rt, strerror(EEXIST)), file, newname));
    if (link(sdata(file), sdata(newname)) == 0)
      return Qnil;
    err = errno;
  }
  file_failure(rt, err, "Adding new name", file, newname);
}

/* ================================================================== */
/* File name completion                                               */
/* ================================================================== */

/* What a completion asks for, and what it has found so far. */
struct completion {
  mval input;    /* the partial name */
  mval dir;      /* the directory, expanded */
  mval predicate;
  bool fold;     /* completion-ignore-case */
  bool all;      /* file-name-all-completions */
  mval kept;     /* matches, in directory order, reversed */
  mval ignored;  /* matches completion-ignored-extensions leaves out */
  bool plain;    /* some name not ignored matched, whatever PREDICATE said */
};

static bool string_prefix(mrt *rt, mval prefix, mval name, bool fold)
{
  return !NILP(call3(rt, intern(rt, "string-prefix-p"), prefix, name, fold ? Qt : Qnil));
}

/* How many characters A and B share at their start. */
static int64_t shared_length(mrt *rt, mval a, mval b, bool fold)
{
  mval args[7] = { a, Qnil, Qnil, b, Qnil, Qnil, fold ? Qt : Qnil };
  mval r = funcall(rt, intern(rt, "compare-strings"), 7, args);
  if (r == Qt)
    return XSTRING(a)->nchars;
  int64_t n = XFIXNUM(r);
  return (n < 0 ? -n : n) - 1;
}

/* Whether NAME matches every regexp of completion-regexp-list. */
static bool wanted_by_regexps(mrt *rt, mval name, bool fold)
{
  mval regexps = variable_or_nil(rt, "completion-regexp-list");
  if (!CONSP(regexps))
    return true;
  size_t depth = rt->specpdl_depth;
  specbind(rt, Qcase_fold_search, fold ? Qt : Qnil);
  bool ok = true;
  for (; ok && CONSP(regexps); regexps = XCDR(regexps))
    if (STRINGP(XCAR(regexps)))
      ok = !NILP(call2(rt, intern(rt, "string-match-p"), XCAR(regexps), name));
  unbind_to(rt, depth);
  return ok;
}

/* A match's length in characters, without a directory's slash. */
static int64_t bare_length(mval m)
{
  return XSTRING(m)->nchars - (directory_name_p(m) ? 1 : 0);
}

/* Whether CANDIDATE (a directory's with its slash) is "./", "../",
   or (its slash aside) longer than what was typed and ending in one of
   completion-ignored-extensions (case aside when completion ignores
   it): entries ending in a slash are for directories, the others for
   files. */
static bool ignored_extension_p(mrt *rt, const struct completion *c, mval candidate)
{
  if (!strcmp(sdata(candidate), "./") || !strcmp(sdata(candidate), "../"))
    return true; /* as in Emacs: offered only when nothing else is */
  if (bare_length(candidate) <= XSTRING(c->input)->nchars)
    return false;
  bool is_dir = directory_name_p(candidate);
  mval fold = c->fold ? Qt : Qnil;
  for (mval l = variable_or_nil(rt, "completion-ignored-extensions"); CONSP(l); l = XCDR(l)) {
    mval ext = XCAR(l);
    if (STRINGP(ext) && directory_name_p(ext) == is_dir &&
        !NILP(call3(rt, intern(rt, "string-suffix-p"), ext, candidate, fold)))
      return true;
  }
  return false;
}

static bool accepted_by_predicate(mrt *rt, const struct completion *c, mval candidate)
{
  if (NILP(c->predicate))
    return true;
  size_t depth = rt->specpdl_depth;
  specbind(rt, Qdefault_directory, c->dir);
  bool ok = !NILP(call1(rt, c->predicate, candidate));
  unbind_to(rt, depth);
  return ok;
}

/* NAME, an entry of the directory open as DIR_FD, as a candidate: with
   a slash when it leads to a directory (a link followed from there,
   not from the top of the whole name). */
static mval candidate_name(mrt *rt, int dir_fd, const char *name)
{
  mval s = make_cstring(rt, name);
  struct stat st;
  if (fstatat(dir_fd, name, &st, 0) == 0 && S_ISDIR(st.st_mode))
    return call2(rt, intern(rt, "concat"), s, cstr(rt, "/"));
  return s;
}

/* A name that starts with what was typed and is not ignored counts
   against offering ignored ones, whatever the regexps and PREDICATE
   then say of it, as in Emacs. */
static void consider_entry(mrt *rt, struct completion *c, int dir_fd, const char *name)
{
  mval s = make_cstring(rt, name);
  if (!string_prefix(rt, c->input, s, c->fold))
    return;
  mval candidate = candidate_name(rt, dir_fd, name);
  bool ignored = !c->all && ignored_extension_p(rt, c, candidate);
  c->plain |= !ignored;
  if (!wanted_by_regexps(rt, s, c->fold) || !accepted_by_predicate(rt, c, candidate))
    return;
  if (ignored)
    c->ignored = Fcons(rt, candidate, c->ignored);
  else
    c->kept = Fcons(rt, candidate, c->kept);
}

static void close_dir(mrt *rt, mval d) { closedir((DIR *)(uintptr_t)d); }

/* Reads the directory, filling C's lists. */
static void collect_matches(mrt *rt, struct completion *c)
{
  DIR *d = opendir(sdata(c->dir));
  if (!d)
    file_failure(rt, errno, "Opening directory", c->dir, Qnil);
  size_t depth = rt->specpdl_depth;
  record_unwind(rt, close_dir, (mval)(uintptr_t)d); /* aligned: looks like a fixnum */
  for (struct dirent *e; (e = readdir(d));)
    consider_entry(rt, c, dirfd(d), e->d_name);
  unbind_to(rt, depth);
}

/* Whether the match M, ignoring case, should stand for the completion
   instead of BEST, the two sharing LEN characters: rather one that is
   all of them, and between two alike one that keeps the case of what
   was typed.  Matches are compared with a directory's slash, and
   whether BEST is whole allows for the slash M would have, as Emacs
   reckons it. */
static bool better_case_model(mrt *rt, const struct completion *c, mval m, mval best, int64_t len)
{
  int64_t slash = directory_name_p(m) ? 1 : 0;
  bool m_whole = XSTRING(m)->nchars == len;
  bool best_whole = len + slash == XSTRING(best)->nchars;
  if (m_whole && len + slash < XSTRING(best)->nchars)
    return true;
  return m_whole == best_whole && string_prefix(rt, c->input, m, false) &&
         !string_prefix(rt, c->input, best, false);
}

/* The longest start the MATCHES (in directory order) share; a single
   match whole, a directory's with its slash, or t when it is exactly
   what was typed. */
static mval common_completion(mrt *rt, const struct completion *c, mval matches)
{
  mval best = XCAR(matches);
  int64_t len = XSTRING(best)->nchars, count = 1;
  for (mval l = XCDR(matches); CONSP(l); l = XCDR(l), count++) {
    mval m = XCAR(l);
    int64_t shared = shared_length(rt, best, m, c->fold);
    len = shared < len ? shared : len;
    if (c->fold && better_case_model(rt, c, m, best, len))
      best = m;
  }
  if (count == 1 && mrt_equal(rt, best, c->input))
    return Qt;
  if (count == 1)
    return best; /* a directory with its slash */
  return call3(rt, intern(rt, "substring"), best, make_fixnum(0), make_fixnum(len));
}

static mval complete_file_name(mrt *rt, mval file, mval directory, mval predicate, bool all)
{
  CHECK_STRING(rt, file);
  CHECK_STRING(rt, directory);
  struct completion c = { file, file_expand_name(rt, directory, Qnil), predicate,
                          !NILP(variable_or_nil(rt, "completion-ignore-case")), all, Qnil, Qnil,
                          false };
  mval op = intern(rt, all ? "file-name-all-completions" : "file-name-completion"), handled;
  mval given[3] = { file, c.dir, predicate };
  if (file_handler_call(rt, op, c.dir, file, all ? 2 : 3, given, &handled))
    return handled;
  collect_matches(rt, &c);
  if (all)
    return c.kept;
  /* Ignored names count only when nothing else could have matched. */
  mval matches = c.plain ? c.kept : c.ignored;
  return NILP(matches) ? Qnil : common_completion(rt, &c, call1(rt, intern(rt, "reverse"), matches));
}

/* (file-name-all-completions FILE DIRECTORY) */
static mval Ffile_name_all_completions(mrt *rt, int nargs, mval *args)
{
  return complete_file_name(rt, args[0], args[1], Qnil, true);
}

/* (file-name-completion FILE DIRECTORY &optional PREDICATE) */
static mval Ffile_name_completion(mrt *rt, int nargs, mval *args)
{
  return complete_file_name(rt, args[0], args[1], args[2], false);
}

/* ================================================================== */
/* Directory listings and file system queries                        */
/* ================================================================== */

/* (directory-files-and-attributes DIRECTORY &optional FULL MATCH NOSORT
   ID-FORMAT COUNT): directory-files's names, each with its
   file-attributes. */
static mval Fdirectory_files_and_attributes(mrt *rt, int nargs, mval *args)
{
  mval dir, handled;
  if (file_expanded_handled(rt, intern(rt, "directory-files-and-attributes"), 6, args, &dir, &handled))
    return handled;
  if (!NILP(args[5]))
    CHECK_TYPE(rt, FIXNUMP(args[5]) && XFIXNUM(args[5]) >= 0, intern(rt, "wholenump"), args[5]);
  mval list_args[5] = { dir, args[1], args[2], args[3], args[5] };
  mval names = funcall(rt, intern(rt, "directory-files"), 5, list_args);
  mval prefix = call1(rt, intern(rt, "file-name-as-directory"), dir), result = Qnil;
  for (mval l = names; CONSP(l); l = XCDR(l)) {
    mval path = NILP(args[1]) ? call2(rt, intern(rt, "concat"), prefix, XCAR(l)) : XCAR(l);
    mval attributes = call2(rt, intern(rt, "file-attributes"), path, args[4]);
    result = Fcons(rt, Fcons(rt, XCAR(l), attributes), result);
  }
  return call1(rt, intern(rt, "nreverse"), result);
}

/* (file-name-case-insensitive-p FILENAME): POSIX file systems here tell
   case apart. */
static mval Ffile_name_case_insensitive_p(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  mval f, handled;
  if (file_expanded_handled(rt, intern(rt, "file-name-case-insensitive-p"), 1, args, &f, &handled))
    return handled;
  return Qnil;
}

/* (access-file FILENAME STRING): an error, STRING its message, unless
   FILENAME can be read. */
static mval Faccess_file(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  CHECK_STRING(rt, args[1]);
  mval f, handled;
  if (file_expanded_handled(rt, intern(rt, "access-file"), 2, args, &f, &handled))
    return handled;
  if (access(sdata(f), R_OK) != 0) {
    int err = errno;
    mrt_signal(rt, error_type(err), list3(rt, args[1], cstr(rt, strerror(err)), args[0]));
  }
  return Qnil;
}

/* (file-system-info FILENAME): (TOTAL FREE AVAILABLE) bytes of the file
   system holding FILENAME, or nil when there is no such file. */
static mval Ffile_system_info(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  mval f, handled;
  if (file_expanded_handled(rt, intern(rt, "file-system-info"), 1, args, &f, &handled))
    return handled;
  struct statvfs fs;
  if (statvfs(sdata(f), &fs) != 0) {
    int err = errno;
    if (err == ENOENT || err == ENOTDIR)
      return Qnil;
    file_failure(rt, err, "Getting file system info", f, Qnil);
  }
  uint64_t unit = fs.f_frsize ? fs.f_frsize : fs.f_bsize;
  return list3(rt, make_uint(rt, (uint64_t)fs.f_blocks * unit), make_uint(rt, (uint64_t)fs.f_bfree * unit),
               make_uint(rt, (uint64_t)fs.f_bavail * unit));
}

/* The ACL and SELinux functions: the handler's answer, else what Emacs
   built without ACL or SELinux support gives. */
static mval handled_or(mrt *rt, const char *operation, int n, mval *args, mval otherwise)
{
  CHECK_STRING(rt, args[0]);
  mval f, handled;
  if (file_expanded_handled(rt, intern(rt, operation), n, args, &f, &handled))
    return handled;
  return otherwise;
}

static mval Ffile_acl(mrt *rt, int nargs, mval *args)
{
  return handled_or(rt, "file-acl", 1, args, Qnil);
}

static mval Fset_file_acl(mrt *rt, int nargs, mval *args)
{
  return handled_or(rt, "set-file-acl", 2, args, Qnil);
}

static mval Ffile_selinux_context(mrt *rt, int nargs, mval *args)
{
  return handled_or(rt, "file-selinux-context", 1, args, list4(rt, Qnil, Qnil, Qnil, Qnil));
}

static mval Fset_file_selinux_context(mrt *rt, int nargs, mval *args)
{
  return handled_or(rt, "set-file-selinux-context", 2, args, Qnil);
}

static const struct subr_def fileio_subrs[] = {
  {"copy-file", Fcopy_file, 2, 6},
  {"add-name-to-file", Fadd_name_to_file, 2, 3},
  {"file-name-all-completions", Ffile_name_all_completions, 2, 2},
  {"file-name-completion", Ffile_name_completion, 2, 3},
  {"directory-files-and-attributes", Fdirectory_files_and_attributes, 1, 6},
  {"file-name-case-insensitive-p", Ffile_name_case_insensitive_p, 1, 1},
  {"access-file", Faccess_file, 2, 2},
  {"file-system-info", Ffile_system_info, 1, 1},
  {"file-acl", Ffile_acl, 1, 1},
  {"set-file-acl", Fset_file_acl, 2, 2},
  {"file-selinux-context", Ffile_selinux_context, 1, 1},
  {"set-file-selinux-context", Fset_file_selinux_context, 2, 2},
};

void fileio_init(mrt *rt)
{
  defsubrs(rt, fileio_subrs, sizeof fileio_subrs / sizeof fileio_subrs[0]);
}
