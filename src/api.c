/* src/api.c -- stub; being written. */
#include "config.h"
