/* marrow.h -- the public API (being written). */
#ifndef MARROW_H
#define MARROW_H
#endif
