/*
** digest.c -- layer 5: message digests for md5, sha1 and secure-hash
** (MD5, RFC 1321; SHA-1 and the SHA-2 family, FIPS 180-4).
**
** Invariants:
**   - A string is digested as its UTF-8 bytes, which is what Emacs
**     hashes for a multibyte string in a UTF-8 environment.
**   - Every algorithm is a block function over a state; the shared
**     driver pads the message (a 1 bit, zeros, the bit length) in the
**     byte order and length field size the algorithm names.
*/
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "digest.h"
#include "fns.h"
#include "strfns.h"

struct algorithm {
  const char *name;
  size_t block;        /* bytes per block: 64 or 128 */
  size_t digest;       /* bytes of output */
  bool big_endian;     /* SHA: big-endian words and length; MD5: little */
  void (*init)(uint64_t *state);
  void (*compress)(uint64_t *state, const uint8_t *block);
  int word_bytes;      /* 4 or 8: state words as output */
};

static uint32_t rol32(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }
static uint32_t ror32(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }
static uint64_t ror64(uint64_t x, int n) { return (x >> n) | (x << (64 - n)); }

static uint32_t load_le32(const uint8_t *p)
{
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint32_t load_be32(const uint8_t *p)
{
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}
static uint64_t load_be64(const uint8_t *p)
{
  return (uint64_t)load_be32(p) << 32 | load_be32(p + 4);
}

/* ---- MD5 ---- */

static void md5_init(uint64_t *s)
{
  s[0] = 0x67452301; s[1] = 0xefcdab89; s[2] = 0x98badcfe; s[3] = 0x10325476;
}

static void md5_compress(uint64_t *s, const uint8_t *block)
{
  static const int shift[4][4] = {{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};
  uint32_t m[16], a = (uint32_t)s[0], b = (uint32_t)s[1], c = (uint32_t)s[2], d = (uint32_t)s[3];
  for (int i = 0; i < 16; i++)
    m[i] = load_le32(block + 4 * i);
  for (int i = 0; i < 64; i++) {
    int round = i / 16, g;
    uint32_t f;
    switch (round) {
    case 0: f = (b & c) | (~b & d); g = i; break;
    case 1: f = (d & b) | (~d & c); g = (5 * i + 1) % 16; break;
    case 2: f = b ^ c ^ d; g = (3 * i + 5) % 16; break;
    default: f = c ^ (b | ~d); g = (7 * i) % 16; break;
    }
    /* K[i] = floor(2^32 * |sin(i + 1)|) */
    uint32_t k = (uint32_t)(4294967296.0 * fabs(sin((double)i + 1)));
    uint32_t t = d;
    d = c;
    c = b;
    b = b + rol32(a + f + k + m[g], shift[round][i % 4]);
    a = t;
  }
  s[0] = (uint32_t)(s[0] + a); s[1] = (uint32_t)(s[1] + b);
  s[2] = (uint32_t)(s[2] + c); s[3] = (uint32_t)(s[3] + d);
}

/* ---- SHA-1 ---- */

static void sha1_init(uint64_t *s)
{
  s[0] = 0x67452301; s[1] = 0xEFCDAB89; s[2] = 0x98BADCFE; s[3] = 0x10325476; s[4] = 0xC3D2E1F0;
}

static void sha1_compress(uint64_t *s, const uint8_t *block)
{
  uint32_t w[80], h[5];
  for (int i = 0; i < 16; i++)
    w[i] = load_be32(block + 4 * i);
  for (int i = 16; i < 80; i++)
    w[i] = rol32(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
  for (int i = 0; i < 5; i++)
    h[i] = (uint32_t)s[i];
  for (int i = 0; i < 80; i++) {
    uint32_t f, k;
    if (i < 20) { f = (h[1] & h[2]) | (~h[1] & h[3]); k = 0x5A827999; }
    else if (i < 40) { f = h[1] ^ h[2] ^ h[3]; k = 0x6ED9EBA1; }
    else if (i < 60) { f = (h[1] & h[2]) | (h[1] & h[3]) | (h[2] & h[3]); k = 0x8F1BBCDC; }
    else { f = h[1] ^ h[2] ^ h[3]; k = 0xCA62C1D6; }
    uint32_t t = rol32(h[0], 5) + f + h[4] + k + w[i];
    h[4] = h[3]; h[3] = h[2]; h[2] = rol32(h[1], 30); h[1] = h[0]; h[0] = t;
  }
  for (int i = 0; i < 5; i++)
    s[i] = (uint32_t)(s[i] + h[i]);
}

/* ---- SHA-224 and SHA-256 ---- */

static const uint32_t sha256_k[64] = {
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static void sha256_init(uint64_t *s)
{
  static const uint32_t iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  for (int i = 0; i < 8; i++)
    s[i] = iv[i];
}

static void sha224_init(uint64_t *s)
{
  static const uint32_t iv[8] = {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
                                 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4};
  for (int i = 0; i < 8; i++)
    s[i] = iv[i];
}

static void sha256_compress(uint64_t *s, const uint8_t *block)
{
  uint32_t w[64], h[8];
  for (int i = 0; i < 16; i++)
    w[i] = load_be32(block + 4 * i);
  for (int i = 16; i < 64; i++) {
    uint32_t s0 = ror32(w[i - 15], 7) ^ ror32(w[i - 15], 18) ^ (w[i - 15] >> 3);
    uint32_t s1 = ror32(w[i - 2], 17) ^ ror32(w[i - 2], 19) ^ (w[i - 2] >> 10);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  for (int i = 0; i < 8; i++)
    h[i] = (uint32_t)s[i];
  for (int i = 0; i < 64; i++) {
    uint32_t t1 = h[7] + (ror32(h[4], 6) ^ ror32(h[4], 11) ^ ror32(h[4], 25)) +
                  ((h[4] & h[5]) ^ (~h[4] & h[6])) + sha256_k[i] + w[i];
    uint32_t t2 = (ror32(h[0], 2) ^ ror32(h[0], 13) ^ ror32(h[0], 22)) +
                  ((h[0] & h[1]) ^ (h[0] & h[2]) ^ (h[1] & h[2]));
    memmove(h + 1, h, 7 * sizeof h[0]);
    h[4] += t1;
    h[0] = t1 + t2;
  }
  for (int i = 0; i < 8; i++)
    s[i] = (uint32_t)(s[i] + h[i]);
}

/* ---- SHA-384 and SHA-512 ---- */

static const uint64_t sha512_k[80] = {
  0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc, 0x3956c25bf348b538,
  0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118, 0xd807aa98a3030242, 0x12835b0145706fbe,
  0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2, 0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235,
  0xc19bf174cf692694, 0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
  0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5, 0x983e5152ee66dfab,
  0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4, 0xc6e00bf33da88fc2, 0xd5a79147930aa725,
  0x06ca6351e003826f, 0x142929670a0e6e70, 0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed,
  0x53380d139d95b3df, 0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
  0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30, 0xd192e819d6ef5218,
  0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8, 0x19a4c116b8d2d0c8, 0x1e376c085141ab53,
  0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8, 0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373,
  0x682e6ff3d6b2b8a3, 0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
  0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b, 0xca273eceea26619c,
  0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178, 0x06f067aa72176fba, 0x0a637dc5a2c898a6,
  0x113f9804bef90dae, 0x1b710b35131c471b, 0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc,
  0x431d67c49c100d4c, 0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
};

static void sha512_init(uint64_t *s)
{
  static const uint64_t iv[8] = {0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b,
                                 0xa54ff53a5f1d36f1, 0x510e527fade682d1, 0x9b05688c2b3e6c1f,
                                 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179};
  memcpy(s, iv, sizeof iv);
}

static void sha384_init(uint64_t *s)
{
  static const uint64_t iv[8] = {0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17,
                                 0x152fecd8f70e5939, 0x67332667ffc00b31, 0x8eb44a8768581511,
                                 0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4};
  memcpy(s, iv, sizeof iv);
}

static void sha512_compress(uint64_t *s, const uint8_t *block)
{
  uint64_t w[80], h[8];
  for (int i = 0; i < 16; i++)
    w[i] = load_be64(block + 8 * i);
  for (int i = 16; i < 80; i++) {
    uint64_t s0 = ror64(w[i - 15], 1) ^ ror64(w[i - 15], 8) ^ (w[i - 15] >> 7);
    uint64_t s1 = ror64(w[i - 2], 19) ^ ror64(w[i - 2], 61) ^ (w[i - 2] >> 6);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  memcpy(h, s, sizeof h);
  for (int i = 0; i < 80; i++) {
    uint64_t t1 = h[7] + (ror64(h[4], 14) ^ ror64(h[4], 18) ^ ror64(h[4], 41)) +
                  ((h[4] & h[5]) ^ (~h[4] & h[6])) + sha512_k[i] + w[i];
    uint64_t t2 = (ror64(h[0], 28) ^ ror64(h[0], 34) ^ ror64(h[0], 39)) +
                  ((h[0] & h[1]) ^ (h[0] & h[2]) ^ (h[1] & h[2]));
    memmove(h + 1, h, 7 * sizeof h[0]);
    h[4] += t1;
    h[0] = t1 + t2;
  }
  for (int i = 0; i < 8; i++)
    s[i] += h[i];
}

static const struct algorithm algorithms[] = {
  {"md5", 64, 16, false, md5_init, md5_compress, 4},
  {"sha1", 64, 20, true, sha1_init, sha1_compress, 4},
  {"sha224", 64, 28, true, sha224_init, sha256_compress, 4},
  {"sha256", 64, 32, true, sha256_init, sha256_compress, 4},
  {"sha384", 128, 48, true, sha384_init, sha512_compress, 8},
  {"sha512", 128, 64, true, sha512_init, sha512_compress, 8},
};

/* ---- The driver ---- */

static void put_word(uint8_t *out, uint64_t w, int bytes, bool big_endian)
{
  for (int i = 0; i < bytes; i++)
    out[i] = (uint8_t)(w >> (8 * (big_endian ? bytes - 1 - i : i)));
}

/* The digest of DATA[0..N) into OUT (alg->digest bytes). */
static void digest(const struct algorithm *alg, const uint8_t *data, size_t n, uint8_t *out)
{
  uint64_t state[8] = {0};
  uint8_t block[128];
  alg->init(state);
  size_t i = 0;
  for (; i + alg->block <= n; i += alg->block)
    alg->compress(state, data + i);
  size_t rest = n - i, length_field = alg->block / 8; /* 8 or 16 bytes */
  memset(block, 0, sizeof block);
  memcpy(block, data + i, rest);
  block[rest] = 0x80;
  if (rest + 1 > alg->block - length_field) {
    alg->compress(state, block);
    memset(block, 0, sizeof block);
  }
  put_word(block + alg->block - 8, (uint64_t)n * 8, 8, alg->big_endian);
  alg->compress(state, block);
  uint8_t full[64];
  for (int w = 0; w < 8; w++)
    put_word(full + w * alg->word_bytes, state[w], alg->word_bytes, alg->big_endian);
  memcpy(out, full, alg->digest);
}

static const struct algorithm *find_algorithm(mrt *rt, mval name)
{
  if (SYMBOLP(name))
    for (size_t i = 0; i < sizeof algorithms / sizeof algorithms[0]; i++)
      if (name == intern(rt, algorithms[i].name))
        return &algorithms[i];
  CHECK_SYMBOL(rt, name);
  mrt_errorf(rt, "Invalid algorithm arg: %s", symbol_name(rt, name));
}

/* The bytes of OBJECT (a string) from character START to END. */
static void object_bytes(mrt *rt, mval object, mval start, mval end, const uint8_t **p, size_t *n)
{
  if (!STRINGP(object)) /* Emacs also takes buffers; marrow does not yet */
    mrt_signal(rt, Qerror, list2(rt, make_cstring(rt, "Invalid object argument"), object));
  int64_t len = XSTRING(object)->nchars;
  int64_t from = NILP(start) ? 0 : check_fixnum(rt, start);
  int64_t to = NILP(end) ? len : check_fixnum(rt, end);
  if (from < 0)
    from += len;
  if (to < 0)
    to += len;
  if (from < 0 || to > len || from > to)
    xsignal3(rt, Qargs_out_of_range, object, start, end);
  int64_t b0 = string_char_to_byte(object, from), b1 = string_char_to_byte(object, to);
  *p = XSTRING(object)->data + b0;
  *n = (size_t)(b1 - b0);
}

/* OBJECT `iv-auto' stands for COUNT fresh random bytes, as in Emacs
   (for initialization vectors); a unibyte string of them. */
static mval random_bytes(mrt *rt, mval count)
{
  if (!FIXNUMP(count) || XFIXNUM(count) < 0)
    mrt_errorf(rt, "Without a length, \xe2\x80\x98iv-auto\xe2\x80\x99 can\xe2\x80\x99t be used; see ELisp manual");
  int64_t n = XFIXNUM(count);
  mval s = make_unibyte_string(rt, "", 0);
  char *bytes = malloc(n ? (size_t)n : 1);
  FILE *f = fopen("/dev/urandom", "rb");
  bool ok = bytes && f && fread(bytes, 1, (size_t)n, f) == (size_t)n;
  if (f)
    fclose(f);
  if (ok)
    s = make_unibyte_string(rt, bytes, (size_t)n);
  free(bytes);
  if (!ok)
    mrt_errorf(rt, "Could not read %ld random bytes", (long)n);
  return s;
}

/* The digest as hex, or as a unibyte string of bytes when BINARY. */
static mval hash_object(mrt *rt, const struct algorithm *alg, mval object, mval start, mval end,
                        bool binary)
{
  const uint8_t *p;
  size_t n;
  if (object == intern(rt, "iv-auto")) {
    object = random_bytes(rt, start);
    start = end = Qnil;
  }
  object_bytes(rt, object, start, end, &p, &n);
  uint8_t out[64];
  digest(alg, p, n, out);
  char text[4 * 64 + 1];
  size_t k = 0;
  if (binary)
    return make_unibyte_string(rt, (const char *)out, alg->digest);
  for (size_t i = 0; i < alg->digest; i++)
    k += (size_t)snprintf(text + k, 3, "%02x", out[i]);
  return make_string(rt, text, k);
}

/* (secure-hash ALGORITHM OBJECT &optional START END BINARY) */
static mval Fsecure_hash(mrt *rt, int nargs, mval *args)
{
  return hash_object(rt, find_algorithm(rt, args[0]), args[1], args[2], args[3], !NILP(args[4]));
}

/* (md5 OBJECT &optional START END CODING-SYSTEM NOERROR) */
static mval Fmd5(mrt *rt, int nargs, mval *args)
{
  return hash_object(rt, &algorithms[0], args[0], args[1], args[2], false);
}

/* (sha1 OBJECT &optional START END BINARY) */
static mval Fsha1(mrt *rt, int nargs, mval *args)
{
  return hash_object(rt, &algorithms[1], args[0], args[1], args[2], !NILP(args[3]));
}

static mval Fsecure_hash_algorithms(mrt *rt, int nargs, mval *args)
{
  mval list = Qnil;
  for (size_t i = sizeof algorithms / sizeof algorithms[0]; i-- > 0;)
    list = Fcons(rt, intern(rt, algorithms[i].name), list);
  return list;
}

static const struct subr_def digest_subrs[] = {
  {"secure-hash", Fsecure_hash, 2, 5},
  {"md5", Fmd5, 1, 5},
  {"sha1", Fsha1, 1, 4},
  {"secure-hash-algorithms", Fsecure_hash_algorithms, 0, 0},
};

void digest_init(mrt *rt)
{
  defsubrs(rt, digest_subrs, sizeof digest_subrs / sizeof digest_subrs[0]);
}
