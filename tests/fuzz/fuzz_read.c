/*
** fuzz_read.c -- libFuzzer harness: the reader and printer round trip.
**
** Every object read from the input is printed (prin1), the text read
** back and printed again: both texts must be the same bytes.  An input
** that does not read, or an object that does not print (too deep), is
** simply uninteresting; a printed text that no longer reads, or reads
** as something that prints differently, is a bug and aborts.  Crashes,
** hangs, leaks and sanitizer reports are bugs of course.
**
**   CC=clang ./configure --enable-fuzz && make tests/fuzz/fuzz_read
**   tests/fuzz/fuzz_read -max_total_time=600 $srcdir/tests/fuzz/corpus/read
*/
#define _GNU_SOURCE /* memmem */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz_runtime.h"

enum { MAX_FORMS = 64 };

/* The input's forms as a list, read from the string TEXT. */
static mval read_forms(mrt *rt, mval text)
{
  struct string *s = XSTRING(text);
  size_t pos = 0;
  mval forms = Qnil;
  for (int i = 0; i < MAX_FORMS; i++) {
    mval form = read_one(rt, (const char *)s->data, (size_t)s->nbytes, &pos, NULL, false);
    if (form == Qunbound)
      break;
    forms = Fcons(rt, form, forms);
  }
  return forms;
}

/* The single object TEXT reads as (all of TEXT must be one object). */
static mval read_back(mrt *rt, mval text)
{
  struct string *s = XSTRING(text);
  size_t pos = 0;
  mval obj = read_one(rt, (const char *)s->data, (size_t)s->nbytes, &pos, NULL, false);
  if (obj == Qunbound || read_one(rt, (const char *)s->data, (size_t)s->nbytes, &pos, NULL, false) != Qunbound)
    xsignal1(rt, Qerror, make_string(rt, "not exactly one object", 22));
  return obj;
}

static mval prin1_text(mrt *rt, mval obj) { return print_to_string(rt, obj, true); }

static _Noreturn void mismatch(const char *why, mval first, mval second)
{
  fprintf(stderr, "fuzz_read: %s\n  first:  %.*s\n", why,
          (int)XSTRING(first)->nbytes, (const char *)XSTRING(first)->data);
  if (second != Qnil)
    fprintf(stderr, "  second: %.*s\n", (int)XSTRING(second)->nbytes,
            (const char *)XSTRING(second)->data);
  abort();
}

/* Emacs 28 prints (\` (\, @x)) as `,@x, which reads back as a splice:
   marrow prints as Emacs does, so a text with ",@" may not round trip. */
static bool emacs_comma_at(mval text)
{
  struct string *s = XSTRING(text);
  return memmem(s->data, (size_t)s->nbytes, ",@", 2) != NULL;
}

static void round_trip(mrt *rt, mval obj)
{
  mval first, again, second;
  if (!fuzz_protect(rt, prin1_text, obj, &first) || emacs_comma_at(first))
    return; /* unprintable (too deep), or Emacs's own ambiguity */
  if (!fuzz_protect(rt, read_back, first, &again))
    mismatch("printed text does not read back", first, Qnil);
  if (!fuzz_protect(rt, prin1_text, again, &second))
    mismatch("object read back does not print", first, Qnil);
  if (XSTRING(first)->nbytes != XSTRING(second)->nbytes
      || memcmp(XSTRING(first)->data, XSTRING(second)->data, (size_t)XSTRING(first)->nbytes) != 0)
    mismatch("round trip changed the text", first, second);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  mrt *rt = fuzz_open(64u << 20);
  if (!rt)
    return 0;
  mval text = make_string(rt, (const char *)data, size);
  mval forms;
  if (fuzz_protect(rt, read_forms, text, &forms))
    for (; CONSP(forms); forms = XCDR(forms))
      round_trip(rt, XCAR(forms));
  runtime_close(rt);
  return 0;
}
