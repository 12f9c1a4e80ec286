/* heapmap.h -- layer 5: the heap drawn as an SVG picture (issue 6). */
#ifndef MARROW_HEAPMAP_H
#define MARROW_HEAPMAP_H

#include "runtime.h"

/* Defines (heap-map FILE) and the variable heap-map-directory. */
void heapmap_init(mrt *rt);

/* The after-collect step: when heap-map-directory is a string, draws
   the heap just collected into DIR/heap-NNNNN.svg (NNNNN = gcs-done).
   Costs one symbol-value test when it is nil.  May signal file-error;
   the caller (sysfns' after-collect hook) catches everything. */
void heapmap_after_collect(mrt *rt);

#endif
