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
/* Raw bytes #x80..#xFF as characters in multibyte text: #x3FFF80..
   #x3FFFFF, as in Emacs.  A unibyte string holds them as bytes. */
#define RAW_BYTE_CHAR(b) (0x3FFF00 + (b))
#define CHAR_RAW_BYTE_P(c) ((c) >= 0x3FFF80)
#define CHAR_TO_RAW_BYTE(c) ((c) - 0x3FFF00)
static inline bool STRING_MULTIBYTE_P(mval s) { return (XSTRING(s)->flags & STRING_MULTIBYTE) != 0; }

/* The character argument X, or (wrong-type-argument characterp X). */
int check_char(mrt *rt, mval x);

/* Writes C's encoding to OUT and returns its length (1..5). */
int char_encode(int c, uint8_t *out);
int char_encoded_length(int c);
/* Decodes the character at P (P < END); stores its byte length in *LEN.
   A malformed byte decodes as itself, one byte long. */
int char_decode(const uint8_t *p, const uint8_t *end, int *len);

/* C's case mappings as the character properties of Emacs's
   get-char-code-property give them: the simple one (a character, -1
   for none) and the special one (UTF-8 text, NULL for none). */
enum case_property { CASE_PROP_UPPER, CASE_PROP_LOWER, CASE_PROP_TITLE };
int char_case_property(int c, enum case_property prop);
const char *char_special_case_property(int c, enum case_property prop);

/* Display columns of character C, as Emacs's char-width. */
int char_width(int c);
/* Whether print-integers-as-characters prints C as ?C: a graphic base
   character, or a control with a named escape (\n). */
bool char_prints_as_character(int c);
/* Display columns of the UTF-8 text S of NBYTES bytes, stopping before
   a character that would make it exceed LIMIT (none when LIMIT < 0);
   stores the bytes counted in *USED when USED is not NULL. */
int64_t text_width(const uint8_t *s, int64_t nbytes, int64_t limit, int64_t *used);

/* The charset Emacs's default priorities give character C: ascii,
   unicode, eight-bit for a raw byte, emacs beyond Unicode. */
mval char_charset(int c);

/* Characters of string S by character index.  IDX must be in range.
   A unibyte string's characters are its bytes (0..255). */
int64_t string_char_to_byte(mval s, int64_t idx);
int string_char_at(mval s, int64_t idx);
int char_upcase(int c);
int char_downcase(int c);
/* The same, but a unibyte string's byte #x80..#xFF is a raw-byte
   character, as when the string is converted to multibyte. */
int string_char_as_multibyte(mval s, int64_t idx);
/* The character at byte offset OFF of S and its length in *LEN. */
int string_decode(mval s, int64_t off, int *len);
/* (aset S IDX C): may change S's byte length. */
void string_set_char(mrt *rt, mval s, int64_t idx, int c);
mval string_fill(mrt *rt, mval s, int c);

/* The string of the characters in the vector CHARS, taken from the
   string MODEL, with MODEL's representation: unibyte or multibyte. */
mval chars_to_string_like(mrt *rt, mval chars, mval model);
/* S itself when multibyte, else a multibyte copy whose raw bytes
   (#x80..#xFF) are raw-byte characters. */
mval string_to_multibyte(mrt *rt, mval s);
/* A unibyte string of the N bytes at BYTES. */
mval make_unibyte_string(mrt *rt, const char *bytes, size_t n);
/* S itself when unibyte, else its bytes: raw-byte characters as one
   byte, others as their UTF-8 encoding (string-as-unibyte). */
mval string_as_unibyte(mrt *rt, mval s);
/* (string-to-unibyte S) on a string S: raw-byte characters become
   their bytes; any other non-ASCII character signals. */
mval string_to_unibyte(mrt *rt, mval s);
/* S as a unibyte buffer takes it: each character its low eight bits,
   as Emacs inserts multibyte text there. */
mval string_low_bytes(mrt *rt, mval s);
/* (string-as-multibyte S) on a string S: a unibyte one's bytes read as
   multibyte text, each byte outside a well-formed character a raw byte. */
mval string_as_multibyte(mrt *rt, mval s);
/* A fresh string of the bytes [B, E) of string SRC. */
mval substring_bytes(mrt *rt, mval src, int64_t b, int64_t e);
/* (concat &rest SEQUENCES) */
mval concat_strings(mrt *rt, int n, const mval *args);
/* The string of the characters in sequence SEQ (list, vector, string),
   as `concat' of one argument. */
mval sequence_to_string(mrt *rt, mval seq);

/* (string-match-p REGEXP STRING), for C */
mval string_match_p(mrt *rt, mval regexp, mval string);

/* Regexp searches over text other than a string's (a buffer's).  The
   text is multibyte, LEN bytes at S; STOP (<= LEN) is where a match
   must end by, as Emacs's search bound, while \\' and $ still look at
   LEN; POINT is the byte where \\= holds, or -1. */
struct re_text {
  const uint8_t *s;
  int64_t len, stop, point;
  bool posix; /* the longest match rather than the first */
};
enum re_direction {
  RE_FORWARD,  /* the leftmost match starting at or after FROM */
  RE_BACKWARD, /* the match starting last in [LIMIT, FROM] */
  RE_ANCHORED  /* a match starting at FROM (looking-at) */
};
/* Makes match vector V (positions, nil for unset groups) the match
   data, of a match in SEARCHED: t for a string, or the buffer. */
void set_match_data(mrt *rt, mval v, mval searched);
void record_match(mrt *rt, mval v, mval searched);
bool re_class_name_p(const uint8_t *name, size_t len);
void protect_match_data(mrt *rt);
/* REGEXP's match in T, as a vector of byte offsets (nil for a group
   that did not match) with 2 * groups slots, or nil.  Signals
   invalid-regexp as string-match does. */
mval re_search_text(mrt *rt, mval regexp, const struct re_text *t, int64_t from, int64_t limit,
                    enum re_direction dir);

#endif
