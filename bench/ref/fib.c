/* fib.c -- C reference for bench/fib.el's four programs, with the same
   protocol: BENCH_ONLY selects iterative, tail-recursive, named-let or
   naive; BENCH_SCALE multiplies the repetitions (and shifts the naive
   program's argument by log_phi of it, as fib.el does).  volatile
   keeps the compiler from folding the loops away. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long fib_iter(long n)
{
  long a = 0, b = 1;
  for (long i = 0; i < n; i++) {
    long t = a + b;
    a = b;
    b = t;
  }
  return a;
}

static long fib_tail(long n, long a, long b) { return n == 0 ? a : fib_tail(n - 1, b, a + b); }
static long fib_naive(long n) { return n < 2 ? n : fib_naive(n - 1) + fib_naive(n - 2); }

/* fib(n) costs about phi^n calls, so BENCH_SCALE shifts n by log_phi. */
static long naive_argument(double scale)
{
  long n = 37 + lround(log(scale) / log(1.618034));
  return n < 20 ? 20 : n;
}

int main(void)
{
  const char *only = getenv("BENCH_ONLY"), *s = getenv("BENCH_SCALE");
  double scale = s && atof(s) > 0 ? atof(s) : 1;
  long reps = lround(1000000 * scale);
  volatile long n = 80, r = 0;
  if (reps < 1)
    reps = 1;
  if (!only || !*only || !strcmp(only, "iterative")) {
    for (long i = 0; i < reps; i++) r = fib_iter(n);
    printf("fib-iterative: %ld\n", (long)r);
  }
  if (!only || !*only || !strcmp(only, "tail-recursive") || !strcmp(only, "named-let")) {
    for (long i = 0; i < reps; i++) r = fib_tail(n, 0, 1);
    printf("fib-%s: %ld\n", only && *only ? only : "tail-recursive", (long)r);
  }
  if (!only || !*only || !strcmp(only, "naive")) {
    n = naive_argument(scale);
    printf("fib-naive: %ld\n", fib_naive(n));
  }
  return 0;
}
