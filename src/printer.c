/* printer.c -- layer 5: the printer: prin1, princ, print, format, message. */
#include "config.h"

#include "printer.h"

void printer_init(mrt *rt)
{
  (void)rt;
}
