/*
** host_from_docs.c -- a host written only from docs/embedding.md and
** the comments in marrow.h, without reading the library's source: the
** proof (issue 5, "Done when") that the guide is enough.  Every place
** where the docs left the author guessing was fixed in the docs.
**
** It captures Lisp output, defines a &rest primitive that signals, does
** bignum arithmetic through strings and mpz_t, keeps a value in a
** malloc'd struct behind a reference, runs into a heap limit, and
** checks that the runtime and its data survive.  Exit status 0 when
** every check holds; each failure is printed.
*/
#include <gmp.h>
#define MARROW_WITH_GMP
#include <marrow.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define CHECK(cond)                                                        \
  do {                                                                     \
    if (!(cond)) {                                                         \
      fprintf(stderr, "host_from_docs:%d: check failed: %s\n", __LINE__,   \
              #cond);                                                      \
      failures++;                                                          \
    }                                                                      \
  } while (0)

/* ---- Output captured into a buffer of our own ------------------- */

struct capture {
  char text[256];
  size_t len;
};

static void capture_write(void *userdata, const char *buf, size_t n)
{
  struct capture *c = userdata;
  size_t room = sizeof c->text - 1 - c->len;
  if (n > room)
    n = room;
  memcpy(c->text + c->len, buf, n);
  c->len += n;
  c->text[c->len] = '\0';
}

/* ---- A primitive: (host-sum &rest NUMBERS) ----------------------- */

/* Sums integers with GMP, so it accepts bignums; anything else is a
   wrong-type-argument that Lisp can catch. */
static marrow_value host_sum(marrow *M, int nargs, const marrow_value *args, void *userdata)
{
  int *calls = userdata;
  ++*calls;
  mpz_t sum, term;
  mpz_init(sum);
  mpz_init(term);
  for (int i = 0; i < nargs; i++) {
    if (!marrow_get_mpz(M, args[i], term)) {
      mpz_clear(sum); /* marrow_wrong_type does not return: release first */
      mpz_clear(term);
      marrow_wrong_type(M, "integerp", args[i]);
    }
    mpz_add(sum, sum, term);
  }
  marrow_value result = marrow_from_mpz(M, sum);
  mpz_clear(sum);
  mpz_clear(term);
  return result;
}

/* ---- The checks -------------------------------------------------- */

static char *printed(marrow *M, marrow_value v)
{
  static char buf[256];
  marrow_print_buf(M, v, 1, buf, sizeof buf);
  return buf;
}

static void check_primitive(marrow *M, int *calls)
{
  marrow_value v;
  CHECK(marrow_defun(M, "host-sum", host_sum, 0, MARROW_MANY, calls) == MARROW_OK);
  CHECK(marrow_eval_string(M, "(host-sum 1 2 (expt 10 30))", &v) == MARROW_OK);
  char *digits = marrow_integer_to_string(M, v, 10);
  CHECK(digits && strcmp(digits, "1000000000000000000000000000003") == 0);
  marrow_free(digits);
  CHECK(marrow_eval_string(M, "(condition-case e (host-sum 1 \"x\")"
                              "  (wrong-type-argument (cadr e)))", &v) == MARROW_OK);
  CHECK(strcmp(printed(M, v), "integerp") == 0);
  CHECK(marrow_eval_string(M, "(host-sum 'a)", &v) == MARROW_ERROR);
  CHECK(strcmp(marrow_error_message(M), "Wrong type argument: integerp, a") == 0);
  CHECK(*calls == 3);
}

static void check_values(marrow *M)
{
  marrow_value big;
  CHECK(marrow_parse_integer(M, "-123456789012345678901234567890", 10, &big) == MARROW_OK);
  int64_t small;
  CHECK(!marrow_get_int64(M, big, &small));
  CHECK(marrow_get_int64(M, marrow_int(M, INT64_MIN), &small) && small == INT64_MIN);
  marrow_value args[2] = { big, marrow_int(M, 1) };
  marrow_value sum;
  CHECK(marrow_call_named(M, "+", 2, args, &sum) == MARROW_OK);
  CHECK(strcmp(printed(M, sum), "-123456789012345678901234567889") == 0);

  size_t len;
  marrow_value s = marrow_string(M, "a\0b", 3);
  const char *data = marrow_string_data(M, s, &len);
  CHECK(data && len == 3 && data[1] == '\0' && data[2] == 'b');

  marrow_value items[3] = { marrow_int(M, 1), marrow_float(M, 2.5), marrow_cstring(M, "x") };
  marrow_value list = marrow_list(M, 3, items);
  CHECK(strcmp(printed(M, list), "(1 2.5 \"x\")") == 0);
  marrow_value read;
  CHECK(marrow_read(M, "(1 2.5 \"x\")", &read) == MARROW_OK);
  CHECK(marrow_equal(M, list, read) && !marrow_eq(list, read));
  CHECK(marrow_type_of(M, marrow_intern(M, "foo")) == MARROW_TSYMBOL);
  CHECK(marrow_is_nil(marrow_nil(M)) && marrow_eq(marrow_t(M), marrow_bool(M, 7)));
}

/* A value kept in malloc'd memory lives through collections only
   behind a reference. */
struct host_state {
  int table_ref;
};

static void check_reference(marrow *M)
{
  struct host_state *state = malloc(sizeof *state);
  marrow_value table;
  CHECK(marrow_eval_string(M, "(let ((v (make-vector 3 nil)))"
                              "  (aset v 0 (make-string 5 ?z)) v)", &table) == MARROW_OK);
  state->table_ref = marrow_ref(M, table);
  CHECK(state->table_ref > 0);
  table = marrow_nil(M);
  CHECK(marrow_eval_string(M, "(dotimes (_ 20000) (make-list 10 'x))", NULL) == MARROW_OK);
  CHECK(marrow_collect(M) == MARROW_OK);
  table = marrow_deref(M, state->table_ref);
  CHECK(strcmp(printed(M, table), "[\"zzzzz\" nil nil]") == 0);
  marrow_unref(M, state->table_ref);
  free(state);
}

/* Past the heap limit Lisp sees memory-full, the error object
   memory-signal-data; uncaught, the host gets MARROW_ERROR and
   marrow_error_is_memory_full; either way earlier data is intact. */
static void check_heap_limit(marrow *M)
{
  marrow_value keep, v;
  CHECK(marrow_eval_string(M, "(setq keep (number-sequence 1 100))", &keep) == MARROW_OK);
  marrow_stats st;
  marrow_get_stats(M, &st);
  marrow_set_heap_limit(M, st.heap_bytes + (4u << 20));
  CHECK(marrow_eval_string(M, "(condition-case e"
                              "    (let (l) (while t (push (make-vector 1000 0) l)))"
                              "  (error (and (eq e memory-signal-data) 'caught)))", &v) == MARROW_OK);
  CHECK(strcmp(printed(M, v), "caught") == 0);
  CHECK(marrow_eval_string(M, "(let (l) (while t (push (make-vector 1000 0) l)))", &v)
        == MARROW_ERROR);
  CHECK(marrow_error_is_memory_full(M));
  CHECK(strcmp(printed(M, marrow_car(M, marrow_error_value(M))), "error") == 0);
  marrow_set_heap_limit(M, 0);
  CHECK(marrow_eval_string(M, "(apply #'+ keep)", &v) == MARROW_OK);
  CHECK(strcmp(printed(M, v), "5050") == 0);
  CHECK(marrow_eval_string(M, "(length keep)", &v) == MARROW_OK && marrow_equal(M, v, marrow_int(M, 100)));
}

int main(void)
{
  struct capture out = { .len = 0 };
  int calls = 0;
  marrow_options opts;
  marrow_options_init(&opts);
  opts.gc_threshold = 100000;
  opts.write_out = capture_write;
  opts.write_userdata = &out;

  marrow *M = marrow_open(&opts);
  if (!M) {
    fprintf(stderr, "host_from_docs: marrow_open failed\n");
    return 1;
  }
  CHECK(strcmp(marrow_version(), MARROW_VERSION) == 0);
  CHECK(marrow_eval_string(M, "(princ (format \"%d\" (* 6 7)))", NULL) == MARROW_OK);
  CHECK(strcmp(out.text, "42") == 0);
  check_primitive(M, &calls);
  check_values(M);
  check_reference(M);
  check_heap_limit(M);

  marrow_stats st;
  marrow_get_stats(M, &st);
  CHECK(st.gcs_done > 0 && st.conses.used > 0);
  CHECK(marrow_eval_string(M, "(kill-emacs 3)", NULL) == MARROW_EXIT);
  CHECK(marrow_exit_code(M) == 3);
  marrow_close(M);

  if (failures == 0)
    printf("host_from_docs: all checks passed\n");
  return failures == 0 ? 0 : 1;
}
