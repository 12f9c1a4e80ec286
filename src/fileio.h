/* fileio.h -- layer 5: copying and linking files, file name
   completion, and the file system queries load.c has not. */
#ifndef MARROW_FILEIO_H
#define MARROW_FILEIO_H

#include "runtime.h"

/* Defines this module's primitives and variables in RT. */
void fileio_init(mrt *rt);

#endif
