/* src/gc.c -- stub; being written. */
#include "config.h"
