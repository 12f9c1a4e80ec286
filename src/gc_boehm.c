/* gc_boehm.c -- the Boehm GC baseline (being written). */
#include "config.h"
