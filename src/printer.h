/* printer.h -- layer 5: the printer: prin1, princ, print, format, message. */
#ifndef MARROW_PRINTER_H
#define MARROW_PRINTER_H

#include "runtime.h"

/* Defines this module's primitives and variables in RT. */
void printer_init(mrt *rt);

/* The printed representation of OBJ, as prin1 (ESCAPE) or princ. */
mval print_to_string(mrt *rt, mval obj, bool escape);
/* Appends TEXT as a line of *Messages*, as message does, without
   echoing it (unless message-log-max is nil). */
void log_message(mrt *rt, mval text);
void write_message(mrt *rt, const char *text, size_t n);
/* Appends the printed form to a growable C buffer (malloc'd) of
   multibyte text.  MULTIBYTE records that a multibyte string went in;
   TO_STREAM that the text goes to standard output, where Emacs writes a
   unibyte string's raw bytes as they are instead of as \ooo. */
/* Where printed text goes: it decides how raw bytes print, as in
   Emacs.  TO_STRING stands for Emacs's buffers too: the function that
   with-output-to-string binds (marrow--string-output-function) is
   one; any other function is TO_FUNCTION and gets raw bytes as
   characters. */
enum print_target { TO_STRING, TO_STDOUT, TO_FUNCTION };

struct strbuf {
  char *data;
  size_t len, cap;
  bool multibyte;
  enum print_target target;
  /* The last character put on its own (Emacs's printchar), which
     terpri's ENSURE looks at; numbers and princ'd strings go out in
     bulk and leave it. */
  bool char_put;
  int last_char;
};
void strbuf_put(struct strbuf *b, const char *s, size_t n);
/* Frees B's memory when the specpdl unwinds past the depth returned:
   on a signal, or at the caller's unbind_to.  B must outlive that. */
size_t strbuf_protect(mrt *rt, struct strbuf *b);
/* B's bytes as a new string (unibyte or multibyte as UNIBYTE says),
   then back to DEPTH, which frees B: making the string may signal
   memory-full, and the buffer must not leak then either. */
mval strbuf_release(mrt *rt, struct strbuf *b, bool unibyte, size_t depth);
/* P, malloc'd, freed when the specpdl unwinds past the current depth. */
void free_on_unwind(mrt *rt, void *p);
void print_to_strbuf(mrt *rt, struct strbuf *b, mval obj, bool escape);
/* The message Emacs prints for an uncaught error ERR = (SYMBOL . DATA),
   e.g. "Wrong type argument: numberp, \"a\"", as a Lisp string. */
mval error_message_string(mrt *rt, mval err);
/* (format STRING &rest OBJECTS) */
mval format_string(mrt *rt, int nargs, mval *args);
#endif
