/*
** fuzz_eval.c -- libFuzzer harness: evaluate small generated programs.
**
** The input is read as Lisp forms and each is evaluated in turn, its
** value printed, under a 16 MiB heap limit (memory-full past it) and an
** evaluation step limit (eval_set_step_limit: error past it), so that
** runaway loops and allocation end in Lisp errors and every input runs
** in bounded time and memory.  Any error is fine; a crash, hang, leak
** or sanitizer report is a bug.  Functions that would leave the
** process or write files are removed first.
**
**   CC=clang ./configure --enable-fuzz && make tests/fuzz/fuzz_eval
**   tests/fuzz/fuzz_eval -max_total_time=600 -timeout=10 $srcdir/tests/fuzz/corpus/eval
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz_runtime.h"

enum { MAX_FORMS = 32, STEP_LIMIT = 200000, HEAP_LIMIT = 16u << 20 };

/* What an input must not reach: leaving the process (kill-emacs),
   writing, renaming or removing files, running programs or opening
   sockets, and waiting (for time, a process or a key): the step limit
   counts evaluation, not sleep.  Each is made void, so a call is a
   void-function error like any other. */
static const char *const disarmed[] = {
  "kill-emacs", "heap-map",
  "write-region", "append-to-file", "make-temp-file", "delete-file", "rename-file",
  "copy-file", "copy-directory", "make-directory", "delete-directory",
  "make-symbolic-link", "add-name-to-file", "set-file-modes", "set-file-times",
  "set-default-file-modes", "save-buffer", "basic-save-buffer", "write-file",
  "call-process", "call-process-region", "process-file", "process-lines",
  "shell-command", "shell-command-to-string", "start-process", "start-file-process",
  "make-process", "make-pipe-process", "make-network-process", "open-network-stream",
  "signal-process", "sleep-for", "sit-for", "accept-process-output",
  "read-event", "read-char", "read-char-exclusive", "read-string",
  "read-from-minibuffer", "read-passwd", "y-or-n-p", "yes-or-no-p",
};

/* `read' of the terminal would wait on stdin: end of file instead. */
static const char reread[] =
  "(fset 'read (lambda (&optional s) (if (or (null s) (eq s t))"
  "   (signal 'end-of-file nil) (car (read-from-string s)))))";

static mval eval_text(mrt *rt, mval text)
{
  struct string *s = XSTRING(text);
  size_t pos = 0;
  mval value = Qnil;
  for (int i = 0; i < MAX_FORMS; i++) {
    mval form = read_one(rt, (const char *)s->data, (size_t)s->nbytes, &pos, NULL, false);
    if (form == Qunbound)
      break;
    value = eval_form(rt, form);
    print_to_string(rt, value, true);
  }
  return value;
}

static bool eval_c_string(mrt *rt, const char *text)
{
  mval ignored;
  return fuzz_protect(rt, eval_text, make_string(rt, text, strlen(text)), &ignored);
}

static bool disarm(mrt *rt)
{
  char form[128];
  for (size_t i = 0; i < sizeof disarmed / sizeof *disarmed; i++) {
    snprintf(form, sizeof form, "(fmakunbound '%s)", disarmed[i]);
    if (!eval_c_string(rt, form))
      return false;
  }
  return eval_c_string(rt, reread);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  mrt *rt = fuzz_open(HEAP_LIMIT);
  if (!rt)
    return 0;
  mval ignored;
  if (!disarm(rt))
    abort(); /* the harness itself is broken */
  eval_set_step_limit(rt, STEP_LIMIT);
  fuzz_protect(rt, eval_text, make_string(rt, (const char *)data, size), &ignored);
  runtime_close(rt);
  return 0;
}
