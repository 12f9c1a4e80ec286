/* reader.c -- layer 5: the Lisp reader: text to objects. */
#include "config.h"

#include "reader.h"

void reader_init(mrt *rt)
{
  (void)rt;
}
