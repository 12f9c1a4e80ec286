/* cli.c -- the marrow program (being written). */
#include "marrow.h"
int main(void) { return 0; }
