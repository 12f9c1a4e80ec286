/* bench/vstats.c -- run a workload and report how the vector free lists
   served it: heap_vector_stats (heap.h), which Lisp does not expose.

   Usage: vstats FILE.el   (MARROW_VECTOR_POLICY, BENCH_ONLY and
   BENCH_SCALE as for the workloads).  Prints the workload's own output,
   then one line:
     vstats POLICY allocs A exact E splits S new-blocks N lists-probed P
            hint-misses M
   bench/policy.sh builds it against the build tree's libmarrow and runs
   it beside callgrind; it is a measuring tool, not part of the library.

   It reaches the heap through a primitive, because only inside a call is
   `mrt_current' the runtime being measured. */

#include <stdio.h>
#include <stdlib.h>

#include "marrow.h"
#include "runtime.h"
#include "gc.h"
#include "heap.h"

static marrow_value print_vector_stats(marrow *M, int nargs, const marrow_value *args,
                                       void *userdata)
{
  (void)nargs, (void)args, (void)userdata;
  struct heap *h = gc_heap(mrt_current->gc);
  if (!h) {
    puts("vstats: no vector free lists (Boehm build)");
    return marrow_nil(M);
  }
  struct heap_vector_stats s;
  heap_vector_stats(h, &s);
  printf("vstats %s allocs %llu exact %llu splits %llu new-blocks %llu "
         "lists-probed %llu hint-misses %llu\n",
         heap_policy_name(heap_policy(h)), (unsigned long long)s.allocs,
         (unsigned long long)s.exact, (unsigned long long)s.splits,
         (unsigned long long)s.new_blocks, (unsigned long long)s.lists_probed,
         (unsigned long long)s.hint_misses);
  return marrow_nil(M);
}

int main(int argc, char **argv)
{
  if (argc != 2) {
    fprintf(stderr, "usage: %s FILE.el\n", argv[0]);
    return 2;
  }
  marrow *M = marrow_open(NULL);
  if (!M) {
    fputs("vstats: cannot open a runtime\n", stderr);
    return 1;
  }
  int status = marrow_defun(M, "bench--vector-stats", print_vector_stats, 0, 0, NULL);
  if (status == MARROW_OK)
    status = marrow_load_file(M, argv[1]);
  if (status == MARROW_OK) {
    fflush(stdout);
    status = marrow_eval_string(M, "(bench--vector-stats)", NULL);
  }
  if (status != MARROW_OK)
    fprintf(stderr, "vstats: %s\n", marrow_error_message(M));
  marrow_close(M);
  return status == MARROW_OK ? 0 : 1;
}
