/* pidigits.c -- the C+GMP floor for bench/pidigits.el: the same
   unbounded spigot, with GMP's in-place operations and no allocation in
   the loop.  BENCH_SCALE=quick runs fewer repetitions. */
#include <gmp.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct spigot { mpz_t acc, den, num, t1, t2; };

static void next_term(struct spigot *s, unsigned long k)
{
  unsigned long k2 = 2 * k + 1;
  mpz_addmul_ui(s->acc, s->num, 2);
  mpz_mul_ui(s->acc, s->acc, k2);
  mpz_mul_ui(s->den, s->den, k2);
  mpz_mul_ui(s->num, s->num, k);
}

static unsigned long extract_digit(struct spigot *s, unsigned long nth)
{
  mpz_mul_ui(s->t1, s->num, nth);
  mpz_add(s->t2, s->t1, s->acc);
  mpz_tdiv_q(s->t1, s->t2, s->den);
  return mpz_get_ui(s->t1);
}

static void eliminate_digit(struct spigot *s, unsigned long d)
{
  mpz_submul_ui(s->acc, s->den, d);
  mpz_mul_ui(s->acc, s->acc, 10);
  mpz_mul_ui(s->num, s->num, 10);
}

/* Writes the first N digits into OUT (N+1 bytes). */
static void pidigits(int n, char *out)
{
  struct spigot s;
  mpz_inits(s.acc, s.den, s.num, s.t1, s.t2, NULL);
  mpz_set_ui(s.acc, 0);
  mpz_set_ui(s.den, 1);
  mpz_set_ui(s.num, 1);
  int i = 0;
  for (unsigned long k = 1; i < n; k++) {
    next_term(&s, k);
    if (mpz_cmp(s.num, s.acc) > 0)
      continue;
    unsigned long d = extract_digit(&s, 3);
    if (d != extract_digit(&s, 4))
      continue;
    out[i++] = (char)('0' + d);
    eliminate_digit(&s, d);
  }
  out[n] = 0;
  mpz_clears(s.acc, s.den, s.num, s.t1, s.t2, NULL);
}

int main(void)
{
  const char *s = getenv("BENCH_SCALE");
  double scale = s && atof(s) > 0 ? atof(s) : 1;
  long reps = lround(1000 * scale);
  int n = 500;
  if (reps < 1)
    reps = 1;
  char digits[501];
  for (long r = 0; r < reps; r++)
    pidigits(n, digits);
  for (int i = 0; i < n; i += 10)
    printf("%.10s\t:%d\n", digits + i, i + 10);
  printf("pidigits: %ld x %d digits\n", reps, n);
  return 0;
}
