/*
** check_api.c -- the public API (marrow.h), used only as a host would.
**
** Every entry point is exercised; errors must leave the runtime usable;
** references must keep values alive and let them go; several runtimes
** must not see each other, in one thread or in four.
*/
#include <check.h>
#include <gmp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#define MARROW_WITH_GMP 1
#include "marrow.h"

/* ================================================================== */
/* Helpers                                                            */
/* ================================================================== */

/* A runtime without the Lisp library, so these tests depend only on
   the C primitives. */
static marrow *open_bare(void)
{
  marrow_options o;
  marrow_options_init(&o);
  o.no_lisp_library = 1;
  marrow *M = marrow_open(&o);
  ck_assert_ptr_nonnull(M);
  return M;
}

static marrow_value eval_ok(marrow *M, const char *code)
{
  marrow_value v;
  int status = marrow_eval_string(M, code, &v);
  ck_assert_msg(status == MARROW_OK, "%s: status %d: %s", code, status,
                status == MARROW_ERROR ? marrow_error_message(M) : "");
  return v;
}

static int64_t eval_int(marrow *M, const char *code)
{
  int64_t n = 0;
  ck_assert_msg(marrow_get_int64(M, eval_ok(M, code), &n), "%s: not an int64", code);
  return n;
}

/* The prin1 form of V, in a static buffer. */
static const char *printed(marrow *M, marrow_value v)
{
  static char buf[4096];
  marrow_print_buf(M, v, 1, buf, sizeof buf);
  return buf;
}

static void assert_prints(marrow *M, const char *code, const char *expected)
{
  ck_assert_str_eq(printed(M, eval_ok(M, code)), expected);
}

static void assert_error(marrow *M, const char *code, const char *symbol, const char *message)
{
  marrow_value v;
  ck_assert_int_eq(marrow_eval_string(M, code, &v), MARROW_ERROR);
  marrow_value err = marrow_error_value(M);
  ck_assert(marrow_is_cons(err));
  ck_assert_str_eq(marrow_symbol_name(M, marrow_car(M, err)), symbol);
  if (message)
    ck_assert_str_eq(marrow_error_message(M), message);
}

/* ================================================================== */
/* Life cycle and evaluation                                          */
/* ================================================================== */

START_TEST(version_is_consistent)
{
  ck_assert_str_eq(marrow_version(), MARROW_VERSION);
  ck_assert_int_eq(MARROW_VERSION_NUM,
                   MARROW_VERSION_MAJOR * 10000 + MARROW_VERSION_MINOR * 100 + MARROW_VERSION_PATCH);
}
END_TEST

START_TEST(open_close_defaults)
{
  marrow *M = marrow_open(NULL); /* with the Lisp library, if present */
  ck_assert_ptr_nonnull(M);
  ck_assert_int_eq(eval_int(M, "(+ 1 2)"), 3);
  marrow_close(M);
  marrow_close(NULL);
}
END_TEST

START_TEST(eval_string_returns_last_value)
{
  marrow *M = open_bare();
  ck_assert_int_eq(eval_int(M, "1 2 (* 6 7)"), 42);
  ck_assert(marrow_is_nil(eval_ok(M, "")));
  ck_assert(marrow_is_nil(eval_ok(M, " ; only a comment\n")));
  marrow_value v;
  ck_assert_int_eq(marrow_eval_string(M, "(+ 1 2)", NULL), MARROW_OK);
  ck_assert_int_eq(marrow_eval_buffer(M, "(+ 2 3) junk-not-read", 7, "buf", &v), MARROW_OK);
  ck_assert_int_eq(marrow_get_int64(M, v, NULL), 1);
  marrow_close(M);
}
END_TEST

START_TEST(read_and_eval_form)
{
  marrow *M = open_bare();
  marrow_value form, v;
  ck_assert_int_eq(marrow_read(M, "(+ 40 2) ignored", &form), MARROW_OK);
  ck_assert(marrow_is_cons(form));
  ck_assert_int_eq(marrow_eval(M, form, &v), MARROW_OK);
  int64_t n;
  ck_assert(marrow_get_int64(M, v, &n));
  ck_assert_int_eq(n, 42);
  ck_assert_int_eq(marrow_read(M, "   ", &form), MARROW_ERROR);
  ck_assert_str_eq(marrow_symbol_name(M, marrow_car(M, marrow_error_value(M))), "end-of-file");
  marrow_close(M);
}
END_TEST

START_TEST(error_status_and_message)
{
  marrow *M = marrow_open(NULL); /* `error' is Lisp, in subr.el */
  ck_assert_ptr_nonnull(M);
  assert_error(M, "(car 1)", "wrong-type-argument", "Wrong type argument: listp, 1");
  assert_error(M, "(signal 'foo '(1 2))", "foo", "peculiar error: 1, 2");
  assert_error(M, "(error \"foo %d\" 3)", "error", "foo 3");
  /* The error is cleared by the next successful call. */
  ck_assert_int_eq(eval_int(M, "(+ 1 1)"), 2);
  ck_assert(marrow_is_nil(marrow_error_value(M)));
  ck_assert_ptr_null(marrow_error_message(M));
  marrow_close(M);
}
END_TEST

START_TEST(runtime_usable_after_errors)
{
  marrow *M = open_bare();
  eval_ok(M, "(defvar counter 0)");
  for (int i = 0; i < 200; i++) {
    ck_assert_int_eq(marrow_eval_string(M, "(let ((counter 5)) (car counter))", NULL),
                     MARROW_ERROR);
    ck_assert_int_eq(marrow_eval_string(M, "(setq counter (1+ counter))", NULL), MARROW_OK);
  }
  /* The dynamic binding was undone by every error. */
  ck_assert_int_eq(eval_int(M, "counter"), 200);
  marrow_close(M);
}
END_TEST

START_TEST(uncaught_throw_is_no_catch)
{
  marrow *M = open_bare();
  assert_error(M, "(throw 'nowhere 2)", "no-catch", "No catch for tag: nowhere, 2");
  ck_assert_int_eq(eval_int(M, "(catch 'here (throw 'here 5))"), 5);
  marrow_close(M);
}
END_TEST

START_TEST(kill_emacs_is_an_exit_status)
{
  marrow *M = open_bare();
  ck_assert_int_eq(marrow_eval_string(M, "(kill-emacs 3)", NULL), MARROW_EXIT);
  ck_assert_int_eq(marrow_exit_code(M), 3);
  /* condition-case must not stop it.  As Emacs exits at once, no
     cleanup form runs, but bindings are undone for the host. */
  eval_ok(M, "(defvar cleaned nil)");
  eval_ok(M, "(defvar depth 0)");
  ck_assert_int_eq(marrow_eval_string(
                     M, "(let ((depth 1)) (unwind-protect (condition-case nil (kill-emacs) (error 1)) (setq cleaned t)))",
                     NULL),
                   MARROW_EXIT);
  ck_assert_int_eq(marrow_exit_code(M), 0);
  ck_assert(marrow_is_nil(eval_ok(M, "cleaned")));
  ck_assert_int_eq(eval_int(M, "depth"), 0);
  /* The next call's cleanups run again. */
  ck_assert_int_eq(eval_int(M, "(progn (catch 'out (unwind-protect (throw 'out 1) (setq depth 5))) depth)"), 5);
  ck_assert_int_eq(eval_int(M, "(+ 1 2)"), 3);
  marrow_close(M);
}
END_TEST

START_TEST(environment_is_per_runtime)
{
  /* setenv changes the runtime's process-environment, which its
     programs get, not the host's environment or another runtime's. */
  marrow *A = open_bare(), *B = open_bare();
  eval_ok(A, "(setenv \"MARROW_CHECK_ENV\" \"1\")");
  ck_assert(!marrow_is_nil(eval_ok(A, "(equal (getenv \"MARROW_CHECK_ENV\") \"1\")")));
  ck_assert(marrow_is_nil(eval_ok(B, "(getenv \"MARROW_CHECK_ENV\")")));
  ck_assert_ptr_null(getenv("MARROW_CHECK_ENV"));
  marrow_close(A);
  marrow_close(B);
}
END_TEST

START_TEST(call_by_value_and_name)
{
  marrow *M = open_bare();
  eval_ok(M, "(defalias 'add3 (function (lambda (a b c) (+ a b c))))");
  marrow_value args[3] = {marrow_int(M, 1), marrow_int(M, 2), marrow_int(M, 39)};
  marrow_value v;
  ck_assert_int_eq(marrow_call_named(M, "add3", 3, args, &v), MARROW_OK);
  int64_t n;
  ck_assert(marrow_get_int64(M, v, &n));
  ck_assert_int_eq(n, 42);
  marrow_value fn = eval_ok(M, "(function (lambda (x) (* x x)))");
  ck_assert_int_eq(marrow_call(M, fn, 1, &args[2], &v), MARROW_OK);
  ck_assert(marrow_get_int64(M, v, &n));
  ck_assert_int_eq(n, 39 * 39);
  ck_assert_int_eq(marrow_call(M, marrow_intern(M, "+"), 0, NULL, &v), MARROW_OK);
  ck_assert_int_eq(marrow_call_named(M, "add3", 1, args, &v), MARROW_ERROR);
  ck_assert_str_eq(marrow_symbol_name(M, marrow_car(M, marrow_error_value(M))),
                   "wrong-number-of-arguments");
  ck_assert_int_eq(marrow_call_named(M, "no-such-function", 0, NULL, &v), MARROW_ERROR);
  ck_assert_str_eq(marrow_symbol_name(M, marrow_car(M, marrow_error_value(M))),
                   "void-function");
  marrow_close(M);
}
END_TEST

/* Code to run in a host frame, and its value. */
struct frame_probe {
  const char *code;
  marrow_value value;
};

static int frame_body(marrow *M, void *data)
{
  struct frame_probe *p = data;
  return marrow_eval_string(M, p->code, &p->value);
}

START_TEST(host_frames_in_the_backtrace)
{
  marrow *M = open_bare();
  marrow_value args[2] = {marrow_int(M, 1), marrow_cstring(M, "two")};
  const char *probe = "(let ((l nil)) (mapbacktrace (function (lambda (e f a fl) "
                      "(setq l (cons (list e f a fl) l)))) 'host-step) l)";
  struct frame_probe p = {probe, 0};
  ck_assert_int_eq(marrow_in_frame(M, "host-step", 2, args, frame_body, &p), MARROW_OK);
  ck_assert_str_eq(printed(M, p.value), "((t host-step (1 \"two\") nil))");
  /* Gone once BODY returns, also when it failed. */
  p.code = "(car 1)";
  ck_assert_int_eq(marrow_in_frame(M, "host-step", 0, NULL, frame_body, &p), MARROW_ERROR);
  ck_assert_str_eq(marrow_error_message(M), "Wrong type argument: listp, 1");
  p.code = probe;
  ck_assert_int_eq(frame_body(M, &p), MARROW_OK);
  ck_assert_str_eq(printed(M, p.value), "nil");
  ck_assert_int_eq(marrow_in_frame(M, NULL, 0, NULL, frame_body, &p), MARROW_ERROR);
  ck_assert_int_eq(marrow_in_frame(M, "host-step", -1, NULL, frame_body, &p), MARROW_ERROR);
  marrow_close(M);
}
END_TEST

/* Batch Emacs enters debug-on-error's debugger once until an input
   event; interactive, at every error. */
START_TEST(debugger_entries_batch_and_interactive)
{
  const char *twice = "(let ((n 0) (debug-on-error t)) "
                      "(setq debugger (function (lambda (&rest a) (setq n (1+ n))))) "
                      "(condition-case nil (car 1) ((debug error) nil)) "
                      "(condition-case nil (car 1) ((debug error) nil)) n)";
  for (int interactive = 0; interactive <= 1; interactive++) {
    marrow_options o;
    marrow_options_init(&o);
    o.no_lisp_library = 1;
    o.interactive = interactive;
    marrow *M = marrow_open(&o);
    ck_assert_ptr_nonnull(M);
    ck_assert_int_eq(eval_int(M, twice), interactive ? 2 : 1);
    marrow_close(M);
  }
}
END_TEST

START_TEST(load_file_and_features)
{
  marrow *M = open_bare();
  char dir[] = "/tmp/marrow-check-api-XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(dir));
  char path[256];
  snprintf(path, sizeof path, "%s/apitestfeat.el", dir);
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs("#!/usr/bin/env marrow\n(setq loaded-from load-file-name)\n(provide 'apitestfeat)\n", f);
  fclose(f);
  ck_assert_int_eq(marrow_load_file(M, path), MARROW_OK);
  ck_assert_str_eq(marrow_string_data(M, eval_ok(M, "loaded-from"), NULL), path);
  ck_assert(!marrow_is_nil(eval_ok(M, "(featurep 'apitestfeat)")));
  /* Along load-path, with the .el suffix. */
  marrow_value d = marrow_cstring(M, dir);
  marrow_value lp = marrow_nil(M);
  marrow_get_global(M, "load-path", &lp);
  ck_assert_int_eq(marrow_set_global(M, "load-path", marrow_cons(M, d, lp)), MARROW_OK);
  eval_ok(M, "(setq features nil)");
  assert_prints(M, "(require 'apitestfeat)", "apitestfeat");
  assert_prints(M, "(load \"apitestfeat\" nil t)", "t");
  assert_prints(M, "(load \"no-such-file-here\" t)", "nil");
  assert_error(M, "(load \"no-such-file-here\")", "file-missing",
               "Cannot open load file: No such file or directory, no-such-file-here");
  ck_assert_int_eq(marrow_load_file(M, "/nonexistent/file.el"), MARROW_ERROR);
  unlink(path);
  rmdir(dir);
  marrow_close(M);
}
END_TEST

START_TEST(file_names_as_emacs)
{
  marrow *M = open_bare();
  eval_ok(M, "(setq default-directory \"/tmp/\")");
  assert_prints(M, "(expand-file-name \"/a//b\")", "\"/a/b\"");
  assert_prints(M, "(expand-file-name \"/a/b/../\")", "\"/a/\"");
  assert_prints(M, "(expand-file-name \"foo/.\")", "\"/tmp/foo\"");
  assert_prints(M, "(expand-file-name \"..\")", "\"/\"");
  assert_prints(M, "(expand-file-name \"\")", "\"/tmp\"");
  assert_prints(M, "(expand-file-name \"/a/b/./\")", "\"/a/b/\"");
  assert_prints(M, "(expand-file-name \"/a/../../b/\")", "\"/../b/\"");
  assert_prints(M, "(expand-file-name \"/../..\")", "\"/\"");
  assert_prints(M, "(expand-file-name \"x\" \"/usr/lib\")", "\"/usr/lib/x\"");
  assert_prints(M, "(file-name-directory \"a/b/c\")", "\"a/b/\"");
  assert_prints(M, "(file-name-directory \"c\")", "nil");
  assert_prints(M, "(file-name-nondirectory \"a/b.el\")", "\"b.el\"");
  assert_prints(M, "(file-name-sans-extension \"a/b.c.el\")", "\"a/b.c\"");
  assert_prints(M, "(file-name-sans-extension \"a/.emacs\")", "\"a/.emacs\"");
  assert_prints(M, "(file-exists-p \"/\")", "t");
  assert_prints(M, "(file-exists-p \"/no/such/file\")", "nil");
  marrow_close(M);
}
END_TEST

START_TEST(system_functions)
{
  marrow *M = open_bare();
  assert_prints(M, "(floatp (float-time))", "t");
  assert_prints(M, "(length (current-time))", "4");
  assert_prints(M, "(float-time '(1 2 3))", "65538.000003");
  assert_prints(M, "(float-time '(10 . 4))", "2.5");
  assert_prints(M, "noninteractive", "t");
  assert_prints(M, "emacs-major-version", "28");
  /* configure.ac's version and the header's agree. */
  assert_prints(M, "marrow-version", "\"" MARROW_VERSION "\"");
  assert_prints(M, "(getenv \"MARROW_SURELY_UNSET_VARIABLE\")", "nil");
  assert_prints(M, "(mapcar (function car) (garbage-collect))",
                "(conses symbols strings string-bytes vectors vector-slots floats intervals buffers)");
  assert_prints(M, "(length (memory-use-counts))", "7");
  assert_prints(M, "(> gcs-done 0)", "t");
  assert_prints(M, "(floatp gc-elapsed)", "t");
  marrow_close(M);
}
END_TEST

/* ================================================================== */
/* Values                                                             */
/* ================================================================== */

START_TEST(integers_round_trip)
{
  marrow *M = open_bare();
  const int64_t samples[] = {0, 1, -1, (INT64_C(1) << 61) - 1, -(INT64_C(1) << 61),
                             INT64_C(1) << 61, -(INT64_C(1) << 61) - 1, INT64_MAX, INT64_MIN};
  for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++) {
    int64_t back = 7;
    marrow_value v = marrow_int(M, samples[i]);
    ck_assert(marrow_is_integer(M, v));
    ck_assert(marrow_get_int64(M, v, &back));
    ck_assert_int_eq(back, samples[i]);
    ck_assert_int_eq(marrow_is_fixnum(v), i < 5);
  }
  marrow_value big;
  const char *digits = "-123456789012345678901234567890";
  ck_assert_int_eq(marrow_parse_integer(M, digits, 10, &big), MARROW_OK);
  ck_assert(!marrow_get_int64(M, big, NULL));
  char *text = marrow_integer_to_string(M, big, 10);
  ck_assert_str_eq(text, digits);
  marrow_free(text);
  ck_assert_str_eq(printed(M, big), digits);
  ck_assert_int_eq(marrow_parse_integer(M, "12x", 10, &big), MARROW_ERROR);
  ck_assert_int_eq(marrow_parse_integer(M, "ff", 16, &big), MARROW_OK);
  ck_assert_str_eq(printed(M, big), "255");
  marrow_value u = marrow_uint(M, UINT64_MAX);
  ck_assert_str_eq(printed(M, u), "18446744073709551615");
  marrow_close(M);
}
END_TEST

START_TEST(integers_and_mpz)
{
  marrow *M = open_bare();
  mpz_t z, back;
  mpz_init_set_str(z, "98765432109876543210987654321", 10);
  mpz_init(back);
  marrow_value v = marrow_from_mpz(M, z);
  ck_assert(marrow_get_mpz(M, v, back));
  ck_assert_int_eq(mpz_cmp(z, back), 0);
  marrow_value args[2] = {v, marrow_int(M, 1)};
  marrow_value sum;
  ck_assert_int_eq(marrow_call_named(M, "+", 2, args, &sum), MARROW_OK);
  ck_assert_str_eq(printed(M, sum), "98765432109876543210987654322");
  /* A small mpz comes back as a fixnum, so eq holds. */
  mpz_set_si(z, 12);
  ck_assert(marrow_eq(marrow_from_mpz(M, z), marrow_int(M, 12)));
  mpz_clear(z);
  mpz_clear(back);
  marrow_close(M);
}
END_TEST

START_TEST(floats_strings_symbols)
{
  marrow *M = open_bare();
  double d = 0;
  ck_assert(marrow_get_double(M, marrow_float(M, 0.1), &d));
  ck_assert(d == 0.1);
  ck_assert(marrow_get_double(M, marrow_int(M, 3), &d));
  ck_assert(d == 3.0);
  ck_assert(!marrow_get_double(M, marrow_nil(M), &d));
  ck_assert_str_eq(printed(M, marrow_float(M, 1e20)), "1e+20");

  marrow_value s = marrow_string(M, "a\0b", 3);
  size_t len = 0;
  const char *data = marrow_string_data(M, s, &len);
  ck_assert_uint_eq(len, 3);
  ck_assert(memcmp(data, "a\0b", 3) == 0);
  ck_assert_str_eq(printed(M, marrow_cstring(M, "q\"x")), "\"q\\\"x\"");
  marrow_value p = marrow_print(M, marrow_cstring(M, "plain"), 0);
  ck_assert_str_eq(marrow_string_data(M, p, NULL), "plain");
  ck_assert_ptr_null(marrow_string_data(M, marrow_int(M, 1), NULL));

  marrow_value a = marrow_intern(M, "some-symbol");
  ck_assert(marrow_eq(a, marrow_intern(M, "some-symbol")));
  ck_assert_str_eq(marrow_symbol_name(M, a), "some-symbol");
  ck_assert(marrow_is_symbol(marrow_nil(M)) && marrow_is_nil(marrow_nil(M)));
  ck_assert_int_eq(marrow_type_of(M, marrow_nil(M)), MARROW_TNIL);
  ck_assert_int_eq(marrow_type_of(M, marrow_t(M)), MARROW_TSYMBOL);
  ck_assert_int_eq(marrow_type_of(M, s), MARROW_TSTRING);
  ck_assert_int_eq(marrow_type_of(M, marrow_float(M, 1)), MARROW_TFLOAT);
  ck_assert_int_eq(marrow_type_of(M, marrow_int(M, INT64_MAX)), MARROW_TINTEGER);
  ck_assert(!marrow_is_nil(marrow_bool(M, 5)));
  marrow_close(M);
}
END_TEST

/* Every predicate against one value of each type. */
START_TEST(predicates_on_every_type)
{
  marrow *M = open_bare();
  marrow_value big, fn;
  ck_assert_int_eq(marrow_parse_integer(M, "1000000000000000000000", 10, &big), MARROW_OK);
  ck_assert_int_eq(marrow_eval_string(M, "(function (lambda (x) x))", &fn), MARROW_OK);
  struct {
    marrow_value v;
    const char *truths; /* n i x f N s y c l v F: which predicates hold */
  } cases[] = {
    {marrow_nil(M), "n y l"},
    {marrow_int(M, 7), "i x N"},
    {big, "i N"},
    {marrow_float(M, 2.5), "f N"},
    {marrow_cstring(M, "s"), "s"},
    {marrow_intern(M, "car"), "y F"},
    {marrow_cons(M, marrow_t(M), marrow_nil(M)), "c l"},
    {marrow_vector(M, 2, marrow_nil(M)), "v"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    marrow_value v = cases[i].v;
    const char *t = cases[i].truths;
    int got[] = {marrow_is_nil(v),        marrow_is_integer(M, v), marrow_is_fixnum(v),
                 marrow_is_float(v),      marrow_is_number(M, v),  marrow_is_string(v),
                 marrow_is_symbol(v),     marrow_is_cons(v),       marrow_is_list(v),
                 marrow_is_vector(M, v),  marrow_is_function(M, v)};
    const char *names = "nixfNsyclvF";
    for (int k = 0; names[k]; k++)
      ck_assert_msg(!got[k] == !strchr(t, names[k]), "case %zu (%s), predicate %c", i,
                    printed(M, v), names[k]);
  }
  ck_assert(marrow_is_function(M, fn) && !marrow_is_number(M, fn));
  marrow_close(M);
}
END_TEST

START_TEST(conses_vectors_equality)
{
  marrow *M = open_bare();
  marrow_value items[3] = {marrow_int(M, 1), marrow_cstring(M, "a"), marrow_intern(M, "b")};
  marrow_value l = marrow_list(M, 3, items);
  ck_assert_str_eq(printed(M, l), "(1 \"a\" b)");
  ck_assert(marrow_is_list(l) && marrow_is_cons(l));
  ck_assert(marrow_eq(marrow_car(M, l), items[0]));
  ck_assert(marrow_is_nil(marrow_car(M, marrow_int(M, 1))));
  marrow_value l2 = marrow_cons(M, marrow_int(M, 1), marrow_cdr(M, l));
  ck_assert(!marrow_eq(l, l2));
  ck_assert(marrow_equal(M, l, l2));
  ck_assert(!marrow_equal(M, l, marrow_cdr(M, l)));

  marrow_value v = marrow_vector(M, 3, marrow_int(M, 0));
  ck_assert(marrow_is_vector(M, v));
  ck_assert_uint_eq(marrow_vector_length(M, v), 3);
  ck_assert(marrow_aset(M, v, 2, l));
  ck_assert(!marrow_aset(M, v, 3, l));
  ck_assert(marrow_eq(marrow_aref(M, v, 2), l));
  ck_assert_str_eq(printed(M, v), "[0 0 (1 \"a\" b)]");
  ck_assert_int_eq(marrow_type_of(M, v), MARROW_TVECTOR);
  ck_assert(marrow_is_function(M, eval_ok(M, "(function car)")));
  ck_assert(!marrow_is_function(M, marrow_int(M, 1)));
  marrow_close(M);
}
END_TEST

START_TEST(globals)
{
  marrow *M = open_bare();
  ck_assert_int_eq(marrow_set_global(M, "host-var", marrow_int(M, 9)), MARROW_OK);
  ck_assert_int_eq(eval_int(M, "(* host-var 2)"), 18);
  marrow_value v;
  ck_assert(marrow_get_global(M, "host-var", &v));
  ck_assert(!marrow_get_global(M, "never-bound-anywhere", &v));
  ck_assert_int_eq(marrow_set_global(M, "nil", marrow_t(M)), MARROW_ERROR);
  ck_assert_str_eq(marrow_symbol_name(M, marrow_car(M, marrow_error_value(M))),
                   "setting-constant");
  marrow_close(M);
}
END_TEST

/* ================================================================== */
/* Primitives written in C                                            */
/* ================================================================== */

static marrow_value host_add(marrow *M, int nargs, const marrow_value *args, void *ud)
{
  int64_t a, b;
  if (!marrow_get_int64(M, args[0], &a))
    marrow_wrong_type(M, "integerp", args[0]);
  if (!marrow_get_int64(M, args[1], &b))
    marrow_wrong_type(M, "integerp", args[1]);
  ++*(int *)ud;
  return marrow_int(M, a + b);
}

static marrow_value host_count(marrow *M, int nargs, const marrow_value *args, void *ud)
{
  return marrow_int(M, nargs);
}

static marrow_value host_optional(marrow *M, int nargs, const marrow_value *args, void *ud)
{
  return marrow_bool(M, marrow_is_nil(args[1]));
}

static marrow_value host_fail(marrow *M, int nargs, const marrow_value *args, void *ud)
{
  marrow_error(M, "host failed with %d", 7);
}

static marrow_value host_custom_error(marrow *M, int nargs, const marrow_value *args, void *ud)
{
  marrow_signal(M, marrow_intern(M, "host-error"), marrow_list(M, 1, args));
}

/* Re-enters the API from inside a primitive. */
static marrow_value host_nested(marrow *M, int nargs, const marrow_value *args, void *ud)
{
  size_t len;
  const char *code = marrow_string_data(M, args[0], &len);
  marrow_value v;
  int status = marrow_eval_buffer(M, code, len, NULL, &v);
  if (status == MARROW_ERROR)
    return marrow_cstring(M, marrow_error_message(M));
  return v;
}

START_TEST(c_primitives)
{
  marrow *M = open_bare();
  int calls = 0;
  ck_assert_int_eq(marrow_defun(M, "host-add", host_add, 2, 2, &calls), MARROW_OK);
  ck_assert_int_eq(marrow_defun(M, "host-count", host_count, 0, MARROW_MANY, NULL), MARROW_OK);
  ck_assert_int_eq(marrow_defun(M, "host-optional", host_optional, 1, 2, NULL), MARROW_OK);
  ck_assert_int_eq(marrow_defun(M, "bad-arity", host_count, 2, 1, NULL), MARROW_ERROR);
  ck_assert_int_eq(eval_int(M, "(host-add 40 2)"), 42);
  ck_assert_int_eq(eval_int(M, "(host-add (host-add 1 2) 3)"), 6);
  ck_assert_int_eq(calls, 3);
  ck_assert_int_eq(eval_int(M, "(host-count 1 2 3 4 5)"), 5);
  ck_assert_int_eq(eval_int(M, "(apply (function host-count) '(1 2))"), 2);
  assert_prints(M, "(host-optional 1)", "t");
  assert_error(M, "(host-add 1)", "wrong-number-of-arguments", NULL);
  assert_error(M, "(host-add 1 \"x\")", "wrong-type-argument",
               "Wrong type argument: integerp, \"x\"");
  marrow_close(M);
}
END_TEST

START_TEST(c_primitive_errors_caught_by_condition_case)
{
  marrow *M = open_bare();
  ck_assert_int_eq(marrow_defun(M, "host-fail", host_fail, 0, 0, NULL), MARROW_OK);
  ck_assert_int_eq(marrow_defun(M, "host-custom-error", host_custom_error, 1, 1, NULL),
                   MARROW_OK);
  ck_assert_int_eq(marrow_define_error(M, "host-error", "Host trouble", NULL), MARROW_OK);
  assert_prints(M, "(condition-case e (host-fail) (error (car (cdr e))))",
                "\"host failed with 7\"");
  assert_prints(M, "(condition-case e (host-custom-error 5) (host-error (cdr e)))", "(5)");
  assert_prints(M, "(condition-case e (host-custom-error 5) (error (car e)))", "host-error");
  assert_error(M, "(host-custom-error 'x)", "host-error", "Host trouble: x");
  assert_error(M, "(host-fail)", "error", "host failed with 7");
  marrow_close(M);
}
END_TEST

START_TEST(c_primitive_reenters_api)
{
  marrow *M = open_bare();
  ck_assert_int_eq(marrow_defun(M, "host-eval", host_nested, 1, 1, NULL), MARROW_OK);
  ck_assert_int_eq(eval_int(M, "(+ 1 (host-eval \"(+ 2 3)\"))"), 6);
  assert_prints(M, "(host-eval \"(car 1)\")", "\"Wrong type argument: listp, 1\"");
  ck_assert(marrow_is_nil(marrow_error_value(M))); /* the outer call succeeded */
  /* kill-emacs inside a nested call still ends the outer call. */
  ck_assert_int_eq(marrow_eval_string(M, "(progn (host-eval \"(kill-emacs 4)\") 99)", NULL),
                   MARROW_EXIT);
  ck_assert_int_eq(marrow_exit_code(M), 4);
  ck_assert_int_eq(eval_int(M, "(host-eval \"7\")"), 7);
  marrow_close(M);
}
END_TEST

/* ================================================================== */
/* References and the collector                                       */
/* ================================================================== */

/* In its own frame, so no pointer to the list stays in this test's. */
static __attribute__((noinline)) int make_referenced_list(marrow *M, int n)
{
  marrow_value list = marrow_nil(M);
  for (int i = 0; i < n; i++)
    list = marrow_cons(M, marrow_int(M, i), list);
  return marrow_ref(M, list);
}

static __attribute__((noinline)) void scrub_stack(void)
{
  volatile char junk[16384];
  memset((char *)junk, 0, sizeof junk);
}

START_TEST(reference_keeps_value_alive)
{
  marrow *M = open_bare();
  int ref = make_referenced_list(M, 100000);
  ck_assert_int_gt(ref, 0);
  scrub_stack();
  for (int i = 0; i < 3; i++) {
    ck_assert_int_eq(marrow_collect(M), MARROW_OK);
    eval_ok(M, "(make-vector 1000 nil) (make-list 1000 'x)");
  }
  marrow_value list = marrow_deref(M, ref);
  ck_assert_int_eq(marrow_get_int64(M, marrow_car(M, list), NULL), 1);
  int64_t head;
  marrow_get_int64(M, marrow_car(M, list), &head);
  ck_assert_int_eq(head, 99999);
  marrow_value args[1] = {list};
  marrow_value len;
  ck_assert_int_eq(marrow_call_named(M, "length", 1, args, &len), MARROW_OK);
  int64_t n;
  ck_assert(marrow_get_int64(M, len, &n));
  ck_assert_int_eq(n, 100000);
  marrow_close(M);
}
END_TEST

START_TEST(released_reference_is_freed)
{
  marrow *M = open_bare();
  int ref = make_referenced_list(M, 200000);
  scrub_stack();
  marrow_collect(M);
  marrow_stats before, after;
  marrow_get_stats(M, &before);
  ck_assert_uint_ge(before.conses.used, 200000);
  marrow_unref(M, ref);
  ck_assert(marrow_is_nil(marrow_deref(M, ref)));
  marrow_unref(M, ref); /* twice is harmless */
  scrub_stack();
  marrow_collect(M);
  marrow_get_stats(M, &after);
  ck_assert_uint_lt(after.conses.used, before.conses.used - 150000);
  ck_assert_uint_gt(after.gcs_done, before.gcs_done);
  /* Slots are reused. */
  int r2 = marrow_ref(M, marrow_int(M, 5));
  ck_assert_int_eq(r2, ref);
  marrow_close(M);
}
END_TEST

START_TEST(stats_and_settings)
{
  marrow *M = open_bare();
  marrow_stats s;
  marrow_collect(M);
  marrow_get_stats(M, &s);
  ck_assert_uint_ge(s.gcs_done, 1);
  ck_assert_uint_gt(s.heap_bytes, 0);
  ck_assert_uint_gt(s.symbols.used, 100);
  marrow_set_gc_log(M, 0);
  assert_prints(M, "garbage-collection-messages", "nil");
  marrow_set_heap_limit(M, 0);
  int x = 1;
  marrow_set_userdata(M, &x);
  ck_assert_ptr_eq(marrow_userdata(M), &x);
  marrow_attach_thread(M);
  marrow_close(M);
}
END_TEST

#define MEMORY_EXHAUSTED "Memory exhausted--use C-x s then exit and restart Emacs"

START_TEST(heap_limit_gives_memory_full)
{
  marrow_options o;
  marrow_options_init(&o);
  o.no_lisp_library = 1;
  o.heap_limit = 8u << 20; /* the loops below want 80 MB */
  marrow *M = marrow_open(&o);
  ck_assert_ptr_nonnull(M);
  eval_ok(M, "(defvar kept (make-list 1000 'x))");
  assert_error(M, "(let ((l nil) (i 0)) (while (< i 10000) (setq l (cons (make-vector 1000 0) l)) (setq i (1+ i))))",
               "error", MEMORY_EXHAUSTED);
  ck_assert(marrow_error_is_memory_full(M));
  /* The same text from Lisp is no memory-full. */
  assert_error(M, "(signal 'error '(\"" MEMORY_EXHAUSTED "\"))", "error", MEMORY_EXHAUSTED);
  ck_assert(!marrow_error_is_memory_full(M));
  /* Caught inside Lisp too, as memory-signal-data itself. */
  assert_prints(M,
                "(condition-case e (let ((l nil) (i 0)) (while (< i 10000) (setq l (cons (make-vector 1000 0) l)) (setq i (1+ i))))"
                " (error (if (eq e memory-signal-data) 'caught e)))",
                "caught");
  ck_assert_int_eq(eval_int(M, "(length kept)"), 1000);
  ck_assert_int_eq(eval_int(M, "(+ 1 2)"), 3);
  marrow_close(M);
}
END_TEST

/* ================================================================== */
/* Several runtimes                                                   */
/* ================================================================== */

/* A host's own function that happens to share a name with one of
   marrow's internals must never be called by the library: libmarrow
   exports only marrow_*.  (Weak, so that a static link, where the
   library's own definition wins, still links.) */
static int host_intern_calls;
__attribute__((weak, noinline)) void *intern(void *a, const char *b)
{
  host_intern_calls++;
  return a;
}

START_TEST(host_names_do_not_clash_with_internals)
{
  marrow *M = open_bare();
  assert_prints(M, "(intern \"a-fresh-symbol\")", "a-fresh-symbol");
  ck_assert(marrow_is_symbol(marrow_intern(M, "another-fresh-symbol")));
  ck_assert_int_eq(host_intern_calls, 0);
  marrow_close(M);
}
END_TEST

START_TEST(runtimes_are_independent)
{
  marrow *A = open_bare(), *B = open_bare();
  int calls = 0;
  marrow_defun(A, "only-in-a", host_add, 2, 2, &calls);
  eval_ok(A, "(setq var-in-a 42)");
  assert_prints(B, "(boundp 'var-in-a)", "nil");
  assert_prints(B, "(fboundp 'only-in-a)", "nil");
  assert_prints(A, "(only-in-a var-in-a 1)", "43");
  marrow_value a_sym = marrow_intern(A, "shared-name");
  marrow_value b_sym = marrow_intern(B, "shared-name");
  ck_assert_str_eq(marrow_symbol_name(A, a_sym), marrow_symbol_name(B, b_sym));
  marrow_close(A);
  ck_assert_int_eq(eval_int(B, "(+ 2 2)"), 4);
  marrow_close(B);
}
END_TEST

/* Each runtime has its own processes, and closing it kills and reaps
   its children (kill(pid, 0) fails only once a child is reaped). */
START_TEST(processes_are_per_runtime)
{
  marrow *A = open_bare(), *B = open_bare();
  const char *start = "(process-id (make-process :name \"iso\" :command '(\"sleep\" \"60\")))";
  pid_t a = (pid_t)eval_int(A, start);
  assert_prints(B, "(list (process-list) (get-process \"iso\"))", "(nil nil)");
  pid_t b = (pid_t)eval_int(B, start);
  assert_prints(B, "(mapcar 'process-name (process-list))", "(\"iso\")");
  assert_prints(A, "(process-status \"iso\")", "run");
  marrow_close(A);
  ck_assert_int_eq(kill(a, 0), -1);
  ck_assert_int_eq(kill(b, 0), 0);
  assert_prints(B, "(process-status \"iso\")", "run");
  marrow_close(B);
  ck_assert_int_eq(kill(b, 0), -1);
}
END_TEST

static const char pi_program[] =
  "(defalias 'arctan-inv (function (lambda (x unity)"
  "  (let ((sum (/ unity x)) (xpow (/ unity x)) (n 1) (sign -1) (x2 (* x x)))"
  "    (while (/= xpow 0)"
  "      (setq xpow (/ xpow x2)) (setq n (+ n 2))"
  "      (setq sum (+ sum (* sign (/ xpow n)))) (setq sign (- sign)))"
  "    sum))))"
  "(defalias 'pi-digits (function (lambda (n)"
  "  (let ((unity (expt 10 (+ n 10))))"
  "    (/ (- (* 16 (arctan-inv 5 unity)) (* 4 (arctan-inv 239 unity))) (expt 10 10))))))";

/* The Benchmarks Game spigot, its state in special variables that
   each run rebinds with let, as bench/pidigits.el does. */
static const char spigot_program[] =
  "(defvar pd-q 1) (defvar pd-r 0) (defvar pd-t 1)"
  "(defalias 'pd-digits (function (lambda (count)"
  "  (let ((pd-q 1) (pd-r 0) (pd-t 1) (k 0) (digits nil) (n 0))"
  "    (while (< n count)"
  "      (setq k (1+ k))"
  "      (let ((k2 (1+ (* 2 k))))"
  "        (setq pd-r (* (+ pd-r (* 2 pd-q)) k2) pd-t (* pd-t k2) pd-q (* pd-q k)))"
  "      (if (<= pd-q pd-r)"
  "          (let ((d (truncate (+ (* pd-q 3) pd-r) pd-t)))"
  "            (if (= d (truncate (+ (* pd-q 4) pd-r) pd-t))"
  "                (progn (setq digits (cons d digits)) (setq n (1+ n))"
  "                       (setq pd-r (* 10 (- pd-r (* pd-t d))) pd-q (* 10 pd-q)))))))"
  "    (apply (function concat) (mapcar (function number-to-string) (nreverse digits)))))))";

struct pi_result {
  char machin[400], spigot[400];
};

/* Each thread owns a runtime and computes pi both ways, five times. */
static void *pi_thread(void *arg)
{
  struct pi_result *out = arg;
  marrow *M = marrow_open(&(marrow_options){.no_lisp_library = 1});
  if (!M)
    return NULL;
  marrow_value machin = marrow_nil(M), spigot = marrow_nil(M);
  if (marrow_eval_string(M, pi_program, NULL) == MARROW_OK &&
      marrow_eval_string(M, spigot_program, NULL) == MARROW_OK)
    for (int round = 0; round < 5; round++)
      if (marrow_eval_string(M, "(pi-digits 300)", &machin) != MARROW_OK ||
          marrow_eval_string(M, "(pd-digits 300)", &spigot) != MARROW_OK)
        break;
  marrow_print_buf(M, machin, 1, out->machin, sizeof out->machin);
  marrow_print_buf(M, spigot, 0, out->spigot, sizeof out->spigot);
  marrow_close(M);
  return NULL;
}

START_TEST(four_threads_four_runtimes)
{
  enum { NTHREADS = 4 };
  pthread_t threads[NTHREADS];
  static struct pi_result results[NTHREADS];
  for (int i = 0; i < NTHREADS; i++)
    ck_assert_int_eq(pthread_create(&threads[i], NULL, pi_thread, &results[i]), 0);
  for (int i = 0; i < NTHREADS; i++)
    pthread_join(threads[i], NULL);
  for (int i = 0; i < NTHREADS; i++) {
    ck_assert_uint_eq(strlen(results[i].machin), 301);
    ck_assert(strncmp(results[i].machin, "31415926535897932384626433832795028841971693993751", 50) == 0);
    ck_assert_uint_eq(strlen(results[i].spigot), 300);
    ck_assert(strncmp(results[i].machin, results[i].spigot, 300) == 0);
    ck_assert_str_eq(results[i].machin, results[0].machin);
  }
}
END_TEST

/* GMP limbs are counted by the runtime that owns the bignum, even
   when two runtimes compute at once. */
START_TEST(gmp_accounting_is_per_runtime)
{
  marrow *A = open_bare(), *B = open_bare();
  marrow_stats a0, b0, a1, b1, a2;
  marrow_collect(A);
  marrow_collect(B);
  marrow_get_stats(A, &a0);
  marrow_get_stats(B, &b0);
  eval_ok(A, "(setq big (expt 7 20000))"); /* about 7 KB of limbs */
  marrow_collect(A);
  marrow_collect(B);
  marrow_get_stats(A, &a1);
  marrow_get_stats(B, &b1);
  ck_assert_uint_ge(a1.gmp_bytes, a0.gmp_bytes + 7000);
  ck_assert_uint_le(a1.gmp_bytes, a1.external_bytes);
  ck_assert_uint_eq(b1.gmp_bytes, b0.gmp_bytes);
  eval_ok(A, "(setq big nil)");
  scrub_stack();
  marrow_collect(A);
  marrow_get_stats(A, &a2);
  ck_assert_uint_lt(a2.gmp_bytes, a0.gmp_bytes + 7000);
  marrow_close(A);
  marrow_close(B);
}
END_TEST

/* A runtime handed from thread to thread: the stack bounds are found
   anew on each entry, so values in the new thread's locals survive a
   collection there, and runaway recursion on a small thread stack is a
   Lisp error, not a crash. */
struct stack_job {
  marrow *M;
  int ok;
};

static __attribute__((noinline)) int churn_and_check(marrow *M)
{
  marrow_value local = eval_ok(M, "(make-list 50000 'kept)");
  eval_ok(M, "(let ((i 0)) (while (< i 2000) (make-vector 100 i) (setq i (1+ i))))");
  if (marrow_collect(M) != MARROW_OK)
    return 0;
  marrow_value len;
  int64_t n = 0;
  return marrow_call_named(M, "length", 1, &local, &len) == MARROW_OK &&
         marrow_get_int64(M, len, &n) && n == 50000 &&
         strcmp(marrow_symbol_name(M, marrow_car(M, local)), "kept") == 0;
}

static void *stack_thread(void *arg)
{
  struct stack_job *job = arg;
  marrow *M = job->M ? job->M : open_bare();
  marrow_attach_thread(M); /* optional: every entry finds the bounds too */
  job->ok = churn_and_check(M);
  eval_ok(M, "(defalias 'deep (function (lambda (n) (if (= n 0) 0 (1+ (deep (1- n)))))))");
  marrow_value v;
  int status = marrow_eval_string(M, "(let ((max-lisp-eval-depth 1000000)) (deep 1000000))", &v);
  job->ok = job->ok && status == MARROW_ERROR && eval_int(M, "(deep 100)") == 100;
  if (!job->M)
    marrow_close(M);
  return NULL;
}

static void run_on_small_stack(struct stack_job *job)
{
  pthread_attr_t attr;
  pthread_t thread;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 256 * 1024);
  ck_assert_int_eq(pthread_create(&thread, &attr, stack_thread, job), 0);
  pthread_join(thread, NULL);
  pthread_attr_destroy(&attr);
  ck_assert(job->ok);
}

START_TEST(stack_bounds_per_thread)
{
  struct stack_job own = {NULL, 0};
  run_on_small_stack(&own);
  marrow *M = open_bare();
  ck_assert(churn_and_check(M));
  struct stack_job moved = {M, 0};
  run_on_small_stack(&moved);
  ck_assert(churn_and_check(M)); /* and back on the main thread */
  marrow_close(M);
}
END_TEST

/* A bignum too big for the heap limit is memory-full (or overflow-error
   before GMP allocates), never a GMP abort; the runtime goes on. */
START_TEST(heap_limit_and_bignums)
{
  marrow_options o;
  marrow_options_init(&o);
  o.no_lisp_library = 1;
  o.heap_limit = 8u << 20;
  marrow *M = marrow_open(&o);
  ck_assert_ptr_nonnull(M);
  eval_ok(M, "(setq kept (expt 3 1000))");
  marrow_value v;
  ck_assert_int_eq(marrow_eval_string(M, "(expt 3 (expt 10 8))", &v), MARROW_ERROR);
  const char *sym = marrow_symbol_name(M, marrow_car(M, marrow_error_value(M)));
  ck_assert_msg(marrow_error_is_memory_full(M) || strcmp(sym, "overflow-error") == 0, "%s", sym);
  assert_prints(M, "(condition-case e (let (l) (while t (setq l (cons (expt 7 (+ 5000 (length l))) l))))"
                   " (error (if (eq e memory-signal-data) 'caught e)))", "caught");
  assert_prints(M, "(= kept (expt 3 1000))", "t");
  marrow_close(M);
}
END_TEST

/* ================================================================== */
/* Output redirection and options                                     */
/* ================================================================== */

struct capture {
  char out[256], err[256];
  size_t nout, nerr;
};

static void append(char *buf, size_t *n, const char *s, size_t len)
{
  while (len-- > 0 && *n < 255)
    buf[(*n)++] = *s++;
  buf[*n] = '\0';
}

static void capture_out(void *ud, const char *s, size_t n)
{
  struct capture *c = ud;
  append(c->out, &c->nout, s, n);
}

static void capture_err(void *ud, const char *s, size_t n)
{
  struct capture *c = ud;
  append(c->err, &c->nerr, s, n);
}

START_TEST(output_goes_to_host_callbacks)
{
  struct capture c = {.nout = 0};
  marrow_options o;
  marrow_options_init(&o);
  o.write_out = capture_out;
  o.write_err = capture_err;
  o.write_userdata = &c;
  marrow *M = marrow_open(&o);
  ck_assert_ptr_nonnull(M);
  eval_ok(M, "(princ \"to out\") (prin1 'sym) (message \"to %s\" \"err\")");
  ck_assert_str_eq(c.out, "to outsym");
  ck_assert_str_eq(c.err, "to err\n");
  marrow_close(M);
}
END_TEST

/* Makes DIR (a mkdtemp template) a Lisp directory whose subr.el holds
   TEXT; PATH gets that file's name. */
static void write_lisp_dir(char *dir, char *path, size_t pathlen, const char *text)
{
  ck_assert_ptr_nonnull(mkdtemp(dir));
  snprintf(path, pathlen, "%s/subr.el", dir);
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs(text, f);
  fclose(f);
}

START_TEST(options_reach_lisp)
{
  char dir[] = "/tmp/marrow-check-lispdir-XXXXXX";
  char path[256];
  write_lisp_dir(dir, path, sizeof path, "(setq my-subr-was-loaded load-file-name)\n");
  marrow_options o;
  marrow_options_init(&o);
  o.lisp_dir = dir;
  o.gc_threshold = 1234567;
  o.gc_percentage = 0.25;
  o.vector_policy = MARROW_POLICY_BITMAP;
  o.interactive = 1;
  marrow *M = marrow_open(&o);
  ck_assert_ptr_nonnull(M);
  ck_assert_str_eq(marrow_string_data(M, eval_ok(M, "my-subr-was-loaded"), NULL), path);
  ck_assert_str_eq(marrow_string_data(M, eval_ok(M, "(car load-path)"), NULL), dir);
  assert_prints(M, "gc-cons-threshold", "1234567");
  assert_prints(M, "gc-cons-percentage", "0.25");
  assert_prints(M, "noninteractive", "nil");
  assert_prints(M, "(plist-get (vector-free-lists) :policy)", "bitmap");
  /* A collection keeps the host's settings. */
  marrow_collect(M);
  assert_prints(M, "gc-cons-threshold", "1234567");
  marrow_close(M);
  unlink(path);
  rmdir(dir);
}
END_TEST

START_TEST(failed_library_load_fails_open)
{
  char dir[] = "/tmp/marrow-check-badlib-XXXXXX";
  char path[256];
  write_lisp_dir(dir, path, sizeof path, "(car 1)\n");
  struct capture c = {.nout = 0};
  marrow_options o;
  marrow_options_init(&o);
  o.lisp_dir = dir;
  o.write_err = capture_err;
  o.write_userdata = &c;
  ck_assert_ptr_null(marrow_open(&o));
  ck_assert_ptr_nonnull(strstr(c.err, "Wrong type argument: listp, 1"));
  unlink(path);
  rmdir(dir);
}
END_TEST

/* ================================================================== */
/* The marrow program (when make check names it in $MARROW)           */
/* ================================================================== */

/* Runs the shell command CMD; its stdout and stderr, merged, go to OUT. */
static int run_cli(const char *args, char *out, size_t size)
{
  const char *marrow = getenv("MARROW");
  char cmd[1024];
  snprintf(cmd, sizeof cmd, "'%s' %s 2>&1 </dev/null", marrow, args);
  FILE *p = popen(cmd, "r");
  ck_assert_ptr_nonnull(p);
  size_t n = fread(out, 1, size - 1, p);
  out[n] = '\0';
  int status = pclose(p);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

START_TEST(cli_exit_codes_and_messages)
{
  if (!getenv("MARROW"))
    return; /* run outside make check */
  char out[4096];
  ck_assert_int_eq(run_cli("-batch -Q -p '(+ 1 2)'", out, sizeof out), 0);
  ck_assert_str_eq(out, "3\n");
  ck_assert_int_eq(run_cli("--eval '(car 1)'", out, sizeof out), 255);
  ck_assert_str_eq(out, "Debugger entered--Lisp error: (wrong-type-argument listp 1)\n"
                        "  car(1)\n"
                        "  command-line-1((\"--eval\" \"(car 1)\"))\n"
                        "  command-line()\n"
                        "  normal-top-level()\n\n");
  ck_assert_int_eq(run_cli("--eval '(setq backtrace-on-error-noninteractive nil)' "
                           "--eval '(car 1)'", out, sizeof out), 255);
  ck_assert_str_eq(out, "Wrong type argument: listp, 1\n");
  ck_assert_int_eq(run_cli("--eval '(kill-emacs 7)' -p 'not-reached'", out, sizeof out), 7);
  ck_assert_str_eq(out, "");
  ck_assert_int_eq(run_cli("--eval \"(throw 'x 2)\"", out, sizeof out), 255);
  ck_assert_str_eq(out, "Debugger entered--Lisp error: (no-catch x 2)\n  throw(x 2)\n"
                        "  command-line-1((\"--eval\" \"(throw 'x 2)\"))\n"
                        "  command-line()\n  normal-top-level()\n\n");
  ck_assert_int_eq(run_cli("--eval '(defun f () (princ command-line-args-left))' -f f -p 1",
                           out, sizeof out), 0);
  ck_assert_str_eq(out, "(-p 1)1\n");
  /* As in Emacs: an option nothing claims is an error at its turn;
     Lisp loaded before it may claim it. */
  ck_assert_int_eq(run_cli("-L /tmp --no-such-option -p 2", out, sizeof out), 255);
  ck_assert_str_eq(out, "Debugger entered--Lisp error: (error \"Unknown option \xe2\x80\x98--no-such-option\xe2\x80\x99\")\n"
                        "  error(\"Unknown option `%s'\" \"--no-such-option\")\n"
                        "  command-line-1((\"-L\" \"/tmp\" \"--no-such-option\" \"-p\" \"2\"))\n"
                        "  command-line()\n  normal-top-level()\n\n");
  ck_assert_int_eq(run_cli("--eval \"(push (cons \\\"--mine\\\" (lambda (a) (princ (list a (pop command-line-args-left))))) command-switch-alist)\" "
                           "--mine x -p 2", out, sizeof out), 0);
  ck_assert_str_eq(out, "(--mine x)2\n");
  ck_assert_int_eq(run_cli("--chdir /tmp --insert /dev/null -p default-directory", out, sizeof out), 0);
  ck_assert_str_eq(out, "\"/tmp/\"\n");
  ck_assert_int_eq(run_cli("--version", out, sizeof out), 0);
  ck_assert_str_eq(out, "marrow " MARROW_VERSION "\n");
}
END_TEST

/* As `emacs -batch -Q': a file named after actions is visited, not
   loaded, and the actions after it run; argv is command-line-args-left
   and command-line-args has the program first. */
START_TEST(cli_file_after_actions_and_argv)
{
  if (!getenv("MARROW"))
    return;
  char out[4096];
  ck_assert_int_eq(run_cli("-batch -Q --eval '(princ (list argv (length command-line-args)))' "
                           "/tmp/marrow-check-no-such-file.txt --eval '(princ (buffer-name))'",
                           out, sizeof out), 0);
  ck_assert_str_eq(out, "((/tmp/marrow-check-no-such-file.txt --eval (princ (buffer-name))) 6)"
                        "marrow-check-no-such-file.txt");
  ck_assert_int_eq(run_cli("-batch --eval ''", out, sizeof out), 255);
  ck_assert_str_eq(out, "Debugger entered--Lisp error: (end-of-file)\n"
                        "  command-line-1((\"--eval\" \"\"))\n"
                        "  command-line()\n  normal-top-level()\n\n");
}
END_TEST

START_TEST(cli_script_and_stdin)
{
  if (!getenv("MARROW"))
    return;
  char path[] = "/tmp/marrow-check-script-XXXXXX";
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  const char *script = "#!/usr/bin/env marrow\n(princ (format \"%S\" command-line-args-left))\n";
  ck_assert_int_eq(write(fd, script, strlen(script)), (ssize_t)strlen(script));
  close(fd);
  char args[256], out[4096];
  snprintf(args, sizeof args, "%s a -l b", path);
  ck_assert_int_eq(run_cli(args, out, sizeof out), 0);
  ck_assert_str_eq(out, "(\"a\" \"-l\" \"b\")");
  unlink(path);
  const char *marrow = getenv("MARROW");
  char cmd[1024];
  snprintf(cmd, sizeof cmd, "echo '(princ (* 6 7))' | '%s'", marrow);
  FILE *p = popen(cmd, "r");
  size_t n = fread(out, 1, sizeof out - 1, p);
  out[n] = '\0';
  ck_assert_int_eq(pclose(p), 0);
  ck_assert_str_eq(out, "42");
}
END_TEST

/* ================================================================== */
/* Suite                                                              */
/* ================================================================== */

static TCase *new_case(Suite *s, const char *name)
{
  TCase *tc = tcase_create(name);
  tcase_set_timeout(tc, 120);
  suite_add_tcase(s, tc);
  return tc;
}

int main(void)
{
  Suite *s = suite_create("api");
  TCase *tc;
  tc = new_case(s, "life");
  tcase_add_test(tc, version_is_consistent);
  tcase_add_test(tc, open_close_defaults);
  tcase_add_test(tc, eval_string_returns_last_value);
  tcase_add_test(tc, read_and_eval_form);
  tcase_add_test(tc, call_by_value_and_name);
  tcase_add_test(tc, host_frames_in_the_backtrace);
  tcase_add_test(tc, debugger_entries_batch_and_interactive);
  tcase_add_test(tc, load_file_and_features);
  tcase_add_test(tc, file_names_as_emacs);
  tcase_add_test(tc, system_functions);
  tc = new_case(s, "errors");
  tcase_add_test(tc, error_status_and_message);
  tcase_add_test(tc, runtime_usable_after_errors);
  tcase_add_test(tc, uncaught_throw_is_no_catch);
  tcase_add_test(tc, kill_emacs_is_an_exit_status);
  tcase_add_test(tc, environment_is_per_runtime);
  tc = new_case(s, "values");
  tcase_add_test(tc, integers_round_trip);
  tcase_add_test(tc, integers_and_mpz);
  tcase_add_test(tc, floats_strings_symbols);
  tcase_add_test(tc, conses_vectors_equality);
  tcase_add_test(tc, predicates_on_every_type);
  tcase_add_test(tc, globals);
  tc = new_case(s, "primitives");
  tcase_add_test(tc, c_primitives);
  tcase_add_test(tc, c_primitive_errors_caught_by_condition_case);
  tcase_add_test(tc, c_primitive_reenters_api);
  tc = new_case(s, "collector");
  tcase_add_test(tc, reference_keeps_value_alive);
  tcase_add_test(tc, released_reference_is_freed);
  tcase_add_test(tc, stats_and_settings);
  tcase_add_test(tc, heap_limit_gives_memory_full);
  tc = new_case(s, "options");
  tcase_add_test(tc, output_goes_to_host_callbacks);
  tcase_add_test(tc, options_reach_lisp);
  tcase_add_test(tc, failed_library_load_fails_open);
  tc = new_case(s, "cli");
  tcase_add_test(tc, cli_exit_codes_and_messages);
  tcase_add_test(tc, cli_file_after_actions_and_argv);
  tcase_add_test(tc, cli_script_and_stdin);
  tc = new_case(s, "runtimes");
  tcase_add_test(tc, runtimes_are_independent);
  tcase_add_test(tc, processes_are_per_runtime);
  tcase_add_test(tc, host_names_do_not_clash_with_internals);
  tcase_add_test(tc, four_threads_four_runtimes);
  tcase_add_test(tc, gmp_accounting_is_per_runtime);
  tcase_add_test(tc, stack_bounds_per_thread);
  tc = new_case(s, "limits");
  tcase_add_test(tc, heap_limit_and_bignums);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
