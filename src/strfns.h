/* strfns.h -- layer 5: string and character primitives, UTF-8. */
#ifndef MARROW_STRFNS_H
#define MARROW_STRFNS_H

#include "runtime.h"

/* Defines this module's primitives and variables in RT. */
void strfns_init(mrt *rt);

/* Characters are Emacs's: 0 .. MAX_CHAR (#x3FFFFF).  Code points past
   Unicode use the extended UTF-8 forms (4 bytes up to #x1FFFFF, then 5
   bytes), so every character has exactly one encoding. */
#define MAX_CHAR 0x3FFFFF
#define MAX_CHAR_BYTES 5
static inline bool CHARACTERP(mval x)
{
  return FIXNUMP(x) && XFIXNUM(x) >= 0 && XFIXNUM(x) <= MAX_CHAR;
}
/* The character argument X, or (wrong-type-argument characterp X). */
int check_char(mrt *rt, mval x);

/* Writes C's encoding to OUT and returns its length (1..5). */
int char_encode(int c, uint8_t *out);
int char_encoded_length(int c);
/* Decodes the character at P (P < END); stores its byte length in *LEN.
   A malformed byte decodes as itself, one byte long. */
int char_decode(const uint8_t *p, const uint8_t *end, int *len);

/* Display columns of character C, as Emacs's char-width. */
int char_width(int c);
/* Display columns of the UTF-8 text S of NBYTES bytes, stopping before
   a character that would make it exceed LIMIT (none when LIMIT < 0);
   stores the bytes counted in *USED when USED is not NULL. */
int64_t text_width(const uint8_t *s, int64_t nbytes, int64_t limit, int64_t *used);

/* Characters of string S by character index.  IDX must be in range. */
int64_t string_char_to_byte(mval s, int64_t idx);
int string_char_at(mval s, int64_t idx);
/* (aset S IDX C): may change S's byte length. */
void string_set_char(mrt *rt, mval s, int64_t idx, int c);

/* A fresh string of the bytes [B, E) of string SRC. */
mval substring_bytes(mrt *rt, mval src, int64_t b, int64_t e);
/* (concat &rest SEQUENCES) */
mval concat_strings(mrt *rt, int n, mval *args);
/* The string of the characters in sequence SEQ (list, vector, string),
   as `concat' of one argument. */
mval sequence_to_string(mrt *rt, mval seq);

#endif
