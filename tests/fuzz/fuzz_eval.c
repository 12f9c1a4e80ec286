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
#include <stdlib.h>
#include "fuzz_runtime.h"

enum { MAX_FORMS = 32, STEP_LIMIT = 200000, HEAP_LIMIT = 16u << 20 };

/* kill-emacs exits, heap-map, write-region, make-temp-file and
   make-directory write files, delete-file and delete-directory remove
   them, read waits on stdin. */
static const char disarm[] =
  "(progn (fmakunbound 'kill-emacs) (fmakunbound 'heap-map)"
  " (fmakunbound 'write-region) (fmakunbound 'make-temp-file) (fmakunbound 'delete-file)"
  " (fmakunbound 'make-directory) (fmakunbound 'delete-directory)"
  " (fset 'read (lambda (&optional s) (if (or (null s) (eq s t))"
  "   (signal 'end-of-file nil) (car (read-from-string s))))))";

static mval eval_text(mrt *rt, mval text)
{
  struct string *s = XSTRING(text);
  size_t pos = 0;
  mval value = Qnil;
  for (int i = 0; i < MAX_FORMS; i++) {
    mval form = read_one(rt, (const char *)s->data, (size_t)s->nbytes, &pos, NULL);
    if (form == Qunbound)
      break;
    value = eval_form(rt, form);
    print_to_string(rt, value, true);
  }
  return value;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  mrt *rt = fuzz_open(HEAP_LIMIT);
  if (!rt)
    return 0;
  mval ignored;
  if (!fuzz_protect(rt, eval_text, make_string(rt, disarm, sizeof disarm - 1), &ignored))
    abort(); /* the harness itself is broken */
  eval_set_step_limit(rt, STEP_LIMIT);
  fuzz_protect(rt, eval_text, make_string(rt, (const char *)data, size), &ignored);
  runtime_close(rt);
  return 0;
}
