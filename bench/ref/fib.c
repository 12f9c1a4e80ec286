/* fib.c -- C reference for bench/fib.el's four programs.  BENCH_TEST
   selects iter, tail, named-let or rec; BENCH_SCALE=quick shrinks them.
   volatile keeps the compiler from folding the loops away. */
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
static long fib_rec(long n) { return n < 2 ? n : fib_rec(n - 1) + fib_rec(n - 2); }

int main(void)
{
  const char *test = getenv("BENCH_TEST"), *scale = getenv("BENCH_SCALE");
  int quick = scale && strcmp(scale, "quick") == 0;
  long reps = quick ? 10000 : 1000000;
  volatile long n = 80, r = 0;
  if (!test || !strcmp(test, "iter"))
    for (long i = 0; i < reps; i++) r = fib_iter(n);
  else if (!strcmp(test, "tail") || !strcmp(test, "named-let"))
    for (long i = 0; i < reps; i++) r = fib_tail(n, 0, 1);
  else {
    n = quick ? 25 : 37;
    r = fib_rec(n);
  }
  printf("%ld\n", (long)r);
  return 0;
}
