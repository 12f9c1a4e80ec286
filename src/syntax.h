/* syntax.h -- layer 5: syntax tables and the scans that follow them,
   as Emacs 28's: char-tables of subtype syntax-table whose entries are
   raw syntax descriptors (CODE . MATCHING-CHAR), CODE holding the class
   in its low 16 bits and the flags 1234pbnc above; a buffer's table
   (nil: the standard one) decides char-syntax, the regexp syntax
   classes and word boundaries, and the sexp, list and comment scans of
   scan-lists, parse-partial-sexp and skip-syntax-forward. */
#ifndef MARROW_SYNTAX_H
#define MARROW_SYNTAX_H

#include "runtime.h"

/* Makes the standard table and the *scratch* buffer's (Lisp
   Interaction mode's), and defines this module's primitives; after
   buffer_init, before bytecode_init. */
void syntax_init(mrt *rt);

/* The class designator (' ', 'w', '_', '.', '(', ...) of character C
   in the current buffer's syntax table. */
char syntax_designator(mrt *rt, int c);

#endif
