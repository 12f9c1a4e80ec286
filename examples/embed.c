/*
** embed.c -- a small host program embedding marrow.
**
** Build against an installed marrow:
**     cc embed.c $(pkg-config --cflags --libs marrow) -o embed
**
** It defines a primitive in C, runs a script that calls it and computes
** with bignums, catches a Lisp error and prints its message, keeps a
** value alive through a reference across a collection, and closes.
** It exits 0 when everything behaved as documented.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <marrow.h>

/* (host-scale N FACTOR): N * FACTOR, computed in C when it fits in 64
   bits and handed back to Lisp otherwise.  It signals Lisp errors for
   bad arguments, which Lisp code may catch with condition-case. */
static marrow_value host_scale(marrow *M, int nargs, const marrow_value *args, void *userdata)
{
  int64_t n, factor;
  if (!marrow_get_int64(M, args[1], &factor))
    marrow_wrong_type(M, "fixnump", args[1]);
  ++*(int *)userdata; /* the host's own state, passed at definition time */
  if (marrow_get_int64(M, args[0], &n) && n < INT32_MAX && n > INT32_MIN && factor < INT32_MAX &&
      factor > INT32_MIN)
    return marrow_int(M, n * factor);
  if (!marrow_is_integer(M, args[0]))
    marrow_wrong_type(M, "integerp", args[0]);
  /* A bignum: let Lisp multiply it.  Inside a primitive, an error here
     simply propagates to the Lisp caller. */
  marrow_value product;
  if (marrow_call_named(M, "*", 2, args, &product) != MARROW_OK)
    marrow_error(M, "host-scale: %s", marrow_error_message(M));
  return product;
}

static const char script[] =
  "(defalias 'factorial (function (lambda (n)\n"
  "  (let ((acc 1) (i 1))\n"
  "    (while (<= i n) (setq acc (host-scale acc i)) (setq i (1+ i)))\n"
  "    acc))))\n"
  "(factorial 30)\n";

static int fail(const char *what, marrow *M)
{
  const char *msg = M ? marrow_error_message(M) : "no runtime";
  fprintf(stderr, "embed: %s: %s\n", what, msg ? msg : "(no Lisp error)");
  marrow_close(M);
  return EXIT_FAILURE;
}

int main(void)
{
  printf("embedding marrow %s (header %s)\n", marrow_version(), MARROW_VERSION);
  marrow_options opts;
  marrow_options_init(&opts);
  opts.heap_limit = 64u << 20;
  marrow *M = marrow_open(&opts);
  if (!M)
    return fail("open", NULL);

  /* 1. A primitive written in C. */
  int calls = 0;
  if (marrow_defun(M, "host-scale", host_scale, 2, 2, &calls) != MARROW_OK)
    return fail("defun", M);

  /* 2. A script that calls it and computes with bignums. */
  marrow_value result;
  if (marrow_eval_string(M, script, &result) != MARROW_OK)
    return fail("script", M);
  char text[128];
  marrow_print_buf(M, result, 1, text, sizeof text);
  printf("30! = %s (%d calls into C)\n", text, calls);
  if (strcmp(text, "265252859812191058636308480000000") != 0 || calls != 30)
    return fail("wrong factorial", M);

  /* 3. A Lisp error, caught by the host: a status, never a longjmp. */
  if (marrow_eval_string(M, "(host-scale 'oops 2)", NULL) != MARROW_ERROR)
    return fail("expected an error", M);
  printf("caught: %s\n", marrow_error_message(M));
  /* ... and the same error caught inside Lisp. */
  if (marrow_eval_string(M, "(condition-case err (host-scale 1 'x) (wrong-type-argument (car err)))",
                         &result) != MARROW_OK)
    return fail("condition-case", M);
  printf("caught in Lisp: %s\n", marrow_symbol_name(M, result));

  /* 4. A value kept in host memory survives collections through a
     reference. */
  int *saved = malloc(sizeof *saved);
  if (!saved)
    return fail("malloc", M);
  marrow_value fact = result;
  if (marrow_call_named(M, "factorial", 1, (marrow_value[]){marrow_int(M, 25)}, &fact) != MARROW_OK)
    return fail("call", M);
  *saved = marrow_ref(M, fact);
  fact = marrow_nil(M);
  for (int i = 0; i < 3; i++)
    if (marrow_collect(M) != MARROW_OK)
      return fail("collect", M);
  marrow_print_buf(M, marrow_deref(M, *saved), 1, text, sizeof text);
  printf("25! after collections = %s\n", text);
  if (strcmp(text, "15511210043330985984000000") != 0)
    return fail("reference lost", M);
  marrow_unref(M, *saved);
  free(saved);

  marrow_stats stats;
  marrow_get_stats(M, &stats);
  printf("%llu collections, %zu bytes of heap\n", (unsigned long long)stats.gcs_done,
         stats.heap_bytes);

  /* 5. Close: every byte the runtime owns is released. */
  marrow_close(M);
  return EXIT_SUCCESS;
}
