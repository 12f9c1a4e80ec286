/* coding-cjk.h -- layer 5: the CJK coding systems' byte codes (Shift-JIS,
   EUC-JP, EUC-KR, EUC-CN, Big5, ISO-2022-JP) and Mac Roman's, for
   coding.c. */
#ifndef MARROW_CODING_CJK_H
#define MARROW_CODING_CJK_H

#include "runtime.h"
#include "printer.h"
#include "strfns.h"

/* The CJK codings, and Mac Roman, a one-byte charset coded alike. */
enum cjk_coding { CJK_SJIS, CJK_EUC_JP, CJK_EUC_KR, CJK_EUC_CN, CJK_BIG5, CJK_ISO2022_JP, CJK_MAC_ROMAN };

/* The charsets decoded characters come from, as their `charset' text
   property names them; CJK_NO_CHARSET for ASCII and raw bytes. */
enum cjk_charset {
  CJK_NO_CHARSET, CJK_KATAKANA, CJK_JISX0208, CJK_JISX0212, CJK_KSC5601, CJK_GB2312,
  CJK_BIG5_CHARSET, CJK_ROMAN, CJK_JISX0208_1978, CJK_MAC_ROMAN_CHARSET,
  CJK_CUT_SHORT /* a code the text ends in the middle of: no charset, and ends the last one's */
};

/* Decodes the units IN[0..N) (bytes, or a negated character that no
   byte spells, which goes as it is) in CODING into CHARS (room for N),
   the charset of each into CHARSETS (a byte that starts none may still name one, as in Emacs); returns
   how many characters.  As Emacs, a byte that starts no character
   decodes to a raw byte. */
size_t cjk_decode(enum cjk_coding coding, const int *in, size_t n, int *chars, uint8_t *charsets);
/* Whether the units IN[0..N) (as for cjk_decode) are text of the EUC
   or Big5 or Shift-JIS CODING beyond ASCII, with no byte that starts no
   character of it. */
bool cjk_accepts(enum cjk_coding coding, const int *in, size_t n);
/* The name of CHARSET, as the `charset' property has it. */
const char *cjk_charset_name(enum cjk_charset charset);

/* Where an encoding stands: the charset ISO-2022-JP designated, or
   EUC-JP's JIS X 0201 Roman, which it designates as ISO-2022-JP does. */
struct cjk_encoder {
  enum cjk_coding coding;
  enum cjk_charset designated;
};
/* Encodes character C into B; one that CODING cannot encode goes as a
   space, as in Emacs. */
void cjk_encode_char(struct strbuf *b, struct cjk_encoder *e, int c);
/* Ends an encoding: back to ASCII. */
void cjk_encode_end(struct strbuf *b, struct cjk_encoder *e);
/* Whether CODING encodes character C. */
bool cjk_encodable(enum cjk_coding coding, int c);

#endif
