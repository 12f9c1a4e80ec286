/* reader.h -- layer 5: the Lisp reader: text to objects. */
#ifndef MARROW_READER_H
#define MARROW_READER_H

#include "runtime.h"

/* Defines this module's primitives and variables in RT. */
void reader_init(mrt *rt);

/* Reads one object from BUF[*POS..LEN).  Advances *POS past it.
   Returns Qunbound at a clean end of input.  Signals end-of-file or
   invalid-read-syntax; FILENAME (may be NULL) names the source in
   errors, which then carry file:line:column: (invalid-read-syntax
   MESSAGE LINE COLUMN FILE) and (end-of-file FILE LINE COLUMN).
   MULTIBYTE_SOURCE says the text is multibyte for Emacs (a decoded
   file, a multibyte string or buffer): the symbols it creates then
   have multibyte names, as in Emacs. */
mval read_one(mrt *rt, const char *buf, size_t len, size_t *pos, const char *filename,
              bool multibyte_source);
/* The text of a file being loaded.  While one is current,
   standard-input is the symbol marrow--load-stream and (read) reads the
   file's next form, as in Emacs, which binds it to its *load* buffer.
   The symbol is no function, so nothing else can move the position. */
struct reader_stream {
  const char *text;
  size_t len;
  size_t *pos;
  const char *name;
  bool multibyte; /* read_one's MULTIBYTE_SOURCE */
  struct reader_stream *outer;
};
/* Makes S current and binds standard-input to it until the caller's
   next unbind_to. */
void reader_stream_begin(mrt *rt, struct reader_stream *s);
/* (read-from-string STRING) semantics: (OBJECT . END-INDEX). */
mval read_from_string(mrt *rt, mval string, mval start, mval end);
/* True when the N bytes at S read as a number (the printer escapes
   symbols whose names do, e.g. \\1). */
bool reader_number_syntax_p(const char *s, size_t n);
#endif
