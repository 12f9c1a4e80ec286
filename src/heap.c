/* src/heap.c -- stub; being written. */
#include "config.h"
