/* json.c -- layer 5: JSON over libjansson (see json.h).

   The conversions follow Emacs 28's json.c step for step where the
   order shows: which of two errors a value gets, which key of a
   duplicate wins, what point is left at.  jansson does the text side
   (its messages, positions and number formats are what Emacs shows),
   marrow the Lisp side. */
#include "config.h"

#include "json.h"

#ifdef HAVE_JANSSON

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "bignum.h"
#include "buffer.h"
#include "eval.h"
#include "fns.h"
#include "hashtab.h"
#include "strfns.h"

enum object_type { OBJECT_HASH_TABLE, OBJECT_ALIST, OBJECT_PLIST };

/* What the keyword arguments chose. */
struct json_conf {
  enum object_type object_type;
  bool array_as_list;
  mval null_object, false_object;
};

/* ---- UTF-8 ---------------------------------------------------------- */

/* The length of the well-formed UTF-8 sequence at P (before END), by
   jansson's rules (no overlong forms, surrogates or code points past
   #x10FFFF); 0 when there is none. */
static int utf8_sequence(const uint8_t *p, const uint8_t *end)
{
  int c = p[0], n;
  if (c < 0x80)
    return 1;
  if (c < 0xC2 || c > 0xF4)
    return 0;
  n = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
  if (end - p < n)
    return 0;
  int cp = c & (0x7F >> n);
  for (int i = 1; i < n; i++) {
    if ((p[i] & 0xC0) != 0x80)
      return 0;
    cp = (cp << 6) | (p[i] & 0x3F);
  }
  if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10FFFF ||
      (cp >= 0xD800 && cp <= 0xDFFF))
    return 0;
  return n;
}

static bool utf8_valid(const uint8_t *p, size_t n)
{
  const uint8_t *end = p + n;
  for (int len; p < end; p += len)
    if (!(len = utf8_sequence(p, end)))
      return false;
  return true;
}

/* A multibyte string of the UTF-8 text S, as Emacs's
   make_string_from_utf8: a byte that is not part of a well-formed
   sequence becomes a raw-byte character. */
static mval utf8_to_string(mrt *rt, const char *s, size_t n)
{
  const uint8_t *p = (const uint8_t *)s, *end = p + n;
  if (n == 0)
    return empty_string(rt, true);
  uint8_t *out = malloc(2 * n), *o = out;
  if (!out)
    memory_full(rt);
  for (int len; p < end; p += len) {
    if ((len = utf8_sequence(p, end))) {
      memcpy(o, p, len);
      o += len;
    } else {
      len = 1; /* Emacs's two-byte form of raw byte *p */
      *o++ = 0xC0 | ((*p >> 6) & 1);
      *o++ = 0x80 | (*p & 0x3F);
    }
  }
  mval str = make_string(rt, (const char *)out, (size_t)(o - out));
  free(out);
  XSTRING(str)->flags |= STRING_MULTIBYTE;
  return str;
}

/* Whether P (before END) starts a raw-byte character, kept as two
   bytes, #xC0 or #xC1 then one more, as in Emacs. */
static bool raw_byte_at(const uint8_t *p, const uint8_t *end)
{
  return (*p == 0xC0 || *p == 0xC1) && p + 1 < end;
}

/* The byte the raw-byte character at P stands for. */
static uint8_t raw_byte(const uint8_t *p)
{
  return (uint8_t)(0x80 | ((p[0] & 1) << 6) | (p[1] & 0x3F));
}

/* STRING as the bytes Emacs hands jansson (its json_encode): a
   unibyte string as it is; a multibyte one as a unibyte string of its
   UTF-8, a raw-byte character giving its byte. */
static mval encode_string(mrt *rt, mval string)
{
  struct string *s = XSTRING(string);
  if (!(s->flags & STRING_MULTIBYTE))
    return string;
  if (s->nbytes == 0)
    return empty_string(rt, false);
  int64_t raw = 0;
  for (const uint8_t *q = s->data, *qend = q + s->nbytes; q < qend; q++)
    raw += raw_byte_at(q, qend);
  /* Filled below: the copy only sizes it. */
  mval u = make_unibyte_string(rt, (const char *)s->data, (size_t)(s->nbytes - raw));
  const uint8_t *p = XSTRING(string)->data, *end = p + XSTRING(string)->nbytes;
  uint8_t *o = XSTRING(u)->data;
  while (p < end) {
    if (raw_byte_at(p, end)) {
      *o++ = raw_byte(p);
      p += 2;
    } else
      *o++ = *p++;
  }
  return u;
}

static bool has_nul(mval string)
{
  return memchr(XSTRING(string)->data, 0, (size_t)XSTRING(string)->nbytes) != NULL;
}

static void check_no_nul(mrt *rt, mval string)
{
  CHECK_TYPE(rt, !has_nul(string), Qstring_without_embedded_nulls_p, string);
}

/* ---- Arguments and depth ---------------------------------------------- */

/* (error "One of A, B or C should be specified" VALUE), a unibyte
   message as Emacs's wrong_choice builds it. */
static _Noreturn void wrong_choice(mrt *rt, const char *const *names, int n, mval value)
{
  char msg[160] = "One of ";
  for (int i = 0; i < n; i++) {
    strcat(msg, names[i]);
    strcat(msg, i == n - 1 ? " should be specified" : i == n - 2 ? " or " : ", ");
  }
  xsignal2(rt, Qerror, make_cstring(rt, msg), value);
}

/* The keyword arguments A[0..N), the first of a repeated keyword
   winning as in Emacs (which reads them from the end). */
static void parse_args(mrt *rt, int n, mval *a, struct json_conf *c, bool types)
{
  static const char *const all[] = {":object-type", ":array-type", ":null-object", ":false-object"};
  static const char *const objects[] = {"hash-table", "alist", "plist"};
  static const char *const arrays[] = {"array", "list"};
  *c = (struct json_conf){OBJECT_HASH_TABLE, false, Qknull, Qkfalse};
  if (n % 2)
    wrong_type_argument(rt, Qplistp, listn(rt, (size_t)n, a));
  for (int i = n; i > 0; i -= 2) {
    mval key = a[i - 2], value = a[i - 1];
    if (types && key == Qkobject_type) {
      if (value != Qhash_table && value != Qalist && value != Qplist)
        wrong_choice(rt, objects, 3, value);
      c->object_type = value == Qhash_table ? OBJECT_HASH_TABLE
                       : value == Qalist    ? OBJECT_ALIST : OBJECT_PLIST;
    } else if (types && key == Qkarray_type) {
      if (value != Qarray && value != Qlist)
        wrong_choice(rt, arrays, 2, value);
      c->array_as_list = value == Qlist;
    } else if (key == Qknull_object)
      c->null_object = value;
    else if (key == Qkfalse_object)
      c->false_object = value;
    else
      wrong_choice(rt, types ? all : all + 2, types ? 4 : 2, value);
  }
}

/* Each array or object counts as a level of Lisp evaluation, as in
   Emacs: a cyclic value ends as json-object-too-deep.  A signal
   restores the depth (handlers keep it).  The C stack is checked too,
   for a max-lisp-eval-depth set higher than it can hold. */
static void enter_level(mrt *rt)
{
  mval max = find_symbol_value(rt, Qmax_lisp_eval_depth);
  int64_t limit = FIXNUMP(max) ? XFIXNUM(max) : 1600;
  if (++rt->lisp_eval_depth > (limit < 100 ? 100 : limit))
    xsignal0(rt, Qjson_object_too_deep);
  eval_check_c_stack(rt, 1024);
}

static _Noreturn void out_of_memory(mrt *rt) { xsignal0(rt, Qjson_out_of_memory); }

static json_t *checked(mrt *rt, json_t *j)
{
  if (!j)
    out_of_memory(rt);
  return j;
}

/* ---- Lisp to JSON ------------------------------------------------------- */

/* What a conversion holds outside the heap: the arrays and objects
   being filled (each owns its finished elements), the finished value
   and its text.  free_out releases whatever is left, on every exit. */
struct json_out {
  struct json_conf conf;
  json_t **open;
  size_t nopen, cap;
  json_t *done;
  char *text;
};

static void free_out(mrt *rt, mval arg)
{
  struct json_out *o = (struct json_out *)(uintptr_t)arg;
  while (o->nopen)
    json_decref(o->open[--o->nopen]);
  free(o->open);
  o->open = NULL;
  if (o->done)
    json_decref(o->done);
  o->done = NULL;
  free(o->text);
  o->text = NULL;
}

/* Registers container J (a new reference) as being filled. */
static json_t *open_container(mrt *rt, struct json_out *o, json_t *j)
{
  checked(rt, j);
  if (o->nopen == o->cap) {
    size_t cap = o->cap ? 2 * o->cap : 16;
    json_t **open = realloc(o->open, cap * sizeof *open);
    if (!open) {
      json_decref(j);
      out_of_memory(rt);
    }
    o->open = open;
    o->cap = cap;
  }
  return o->open[o->nopen++] = j;
}

/* The container opened last, now finished: the caller owns it. */
static json_t *close_container(mrt *rt, struct json_out *o)
{
  rt->lisp_eval_depth--;
  return o->open[--o->nopen];
}

static json_t *to_json(mrt *rt, struct json_out *o, mval x);

static json_t *vector_to_json(mrt *rt, struct json_out *o, mval v)
{
  json_t *array = open_container(rt, o, json_array());
  for (int64_t i = 0; i < VECTOR_LENGTH(v); i++)
    if (json_array_append_new(array, to_json(rt, o, AREF(v, i))))
      out_of_memory(rt);
  return close_container(rt, o);
}

/* Keys are encoded strings without NULs, unique (a table whose test
   is not equal may hold two equal ones), and valid UTF-8. */
static json_t *hash_to_json(mrt *rt, struct json_out *o, mval table)
{
  json_t *object = open_container(rt, o, json_object());
  mval key, value;
  for (int64_t i = 0; i < hash_table_size(table); i++) {
    if (!hash_table_entry(table, i, &key, &value))
      continue;
    CHECK_STRING(rt, key);
    mval ekey = encode_string(rt, key);
    check_no_nul(rt, ekey);
    if (json_object_get(object, (const char *)XSTRING(ekey)->data))
      wrong_type_argument(rt, Qjson_value_p, table);
    json_t *j = to_json(rt, o, value);
    if (json_object_set_new(object, (const char *)XSTRING(ekey)->data, j)) {
      if (!utf8_valid(XSTRING(ekey)->data, (size_t)XSTRING(ekey)->nbytes))
        wrong_type_argument(rt, Qutf_8_string_p, ekey);
      out_of_memory(rt);
    }
  }
  return close_container(rt, o);
}

/* The key name of symbol KEY: a plist's keyword loses its colon. */
static const char *symbol_key(mval name, bool plist)
{
  const char *s = (const char *)XSTRING(name)->data;
  return plist && s[0] == ':' && s[1] ? s + 1 : s;
}

/* An alist ((KEY . VALUE) ...) or plist (KEY VALUE ...) of symbol
   keys, the first of a repeated key winning (a later one's value is
   not even looked at).  A key jansson refuses (not UTF-8) is
   json-out-of-memory, as in Emacs 28. */
static json_t *list_to_json(mrt *rt, struct json_out *o, mval list)
{
  json_t *object = open_container(rt, o, json_object());
  bool plist = !CONSP(XCAR(list));
  mval tail = list;
  FOR_EACH_TAIL(rt, tail, tail) {
    mval key, value;
    if (plist) {
      key = XCAR(tail);
      tail = XCDR(tail);
      CHECK_CONS(rt, tail);
      value = XCAR(tail);
    } else {
      mval pair = XCAR(tail);
      CHECK_CONS(rt, pair);
      key = XCAR(pair);
      value = XCDR(pair);
    }
    CHECK_SYMBOL(rt, key);
    mval name = XSYMBOL(rt, key)->name;
    check_no_nul(rt, name);
    if (json_object_get(object, symbol_key(name, plist)))
      continue;
    json_t *j = to_json(rt, o, value);
    if (json_object_set_new(object, symbol_key(name, plist), j))
      out_of_memory(rt);
  }
  if (!NILP(tail))
    wrong_type_argument(rt, Qlistp, list);
  return close_container(rt, o);
}

static json_t *string_to_json(mrt *rt, mval s)
{
  mval e = encode_string(rt, s);
  json_t *j = json_stringn((const char *)XSTRING(e)->data, (size_t)XSTRING(e)->nbytes);
  if (!j && !utf8_valid(XSTRING(e)->data, (size_t)XSTRING(e)->nbytes))
    wrong_type_argument(rt, Qutf_8_string_p, e);
  return checked(rt, j);
}

static json_t *integer_to_json(mrt *rt, mval x)
{
  int64_t n;
  if (!integer_to_int64(x, &n))
    xsignal3(rt, Qargs_out_of_range, x, make_int(rt, INT64_MIN), make_int(rt, INT64_MAX));
  return checked(rt, json_integer(n));
}

/* X as a new jansson value (containers complete), in Emacs's order of
   tests: the null and false objects come before everything, so nil may
   be null, and t before the symbols that are no JSON. */
static json_t *to_json(mrt *rt, struct json_out *o, mval x)
{
  if (x == o->conf.null_object)
    return checked(rt, json_null());
  if (x == o->conf.false_object)
    return checked(rt, json_false());
  if (x == Qt)
    return checked(rt, json_true());
  if (INTEGERP(x))
    return integer_to_json(rt, x);
  if (FLOATP(x))
    return checked(rt, json_real(XFLOAT(x))); /* NULL for an infinity or NaN */
  if (STRINGP(x))
    return string_to_json(rt, x);
  enter_level(rt);
  if (VECTORP(x))
    return vector_to_json(rt, o, x);
  if (HASH_TABLE_P(x))
    return hash_to_json(rt, o, x);
  if (NILP(x)) {
    open_container(rt, o, json_object());
    return close_container(rt, o);
  }
  if (CONSP(x))
    return list_to_json(rt, o, x);
  wrong_type_argument(rt, Qjson_value_p, x);
}

/* OBJECT (A[0]) and its keyword arguments as JSON text, in O->text. */
static void serialize(mrt *rt, struct json_out *o, int n, mval *a)
{
  parse_args(rt, n - 1, a + 1, &o->conf, false);
  o->done = to_json(rt, o, a[0]);
  o->text = json_dumps(o->done, JSON_COMPACT | JSON_ENCODE_ANY);
  if (!o->text)
    out_of_memory(rt);
}

/* (json-serialize OBJECT &rest ARGS) */
static mval Fjson_serialize(mrt *rt, int n, mval *a)
{
  struct json_out o = {0};
  size_t depth = rt->specpdl_depth;
  record_unwind(rt, free_out, (mval)(uintptr_t)&o); /* aligned: looks like a fixnum */
  serialize(rt, &o, n, a);
  mval s = utf8_to_string(rt, o.text, strlen(o.text));
  unbind_to(rt, depth);
  return s;
}

/* (json-insert OBJECT &rest ARGS): as inserting json-serialize's
   string, the text's bytes themselves in a unibyte buffer. */
static mval Fjson_insert(mrt *rt, int n, mval *a)
{
  struct json_out o = {0};
  size_t depth = rt->specpdl_depth;
  record_unwind(rt, free_out, (mval)(uintptr_t)&o);
  serialize(rt, &o, n, a);
  bool multibyte = !NILP(symbol_value(rt, intern(rt, "enable-multibyte-characters")));
  mval s = multibyte ? utf8_to_string(rt, o.text, strlen(o.text))
                     : make_unibyte_string(rt, o.text, strlen(o.text));
  unbind_to(rt, depth);
  buffer_insert_string(rt, current_buffer(rt), s);
  return Qnil;
}

/* ---- JSON to Lisp ------------------------------------------------------- */

static mval to_lisp(mrt *rt, json_t *j, const struct json_conf *c);

static mval array_to_lisp(mrt *rt, json_t *j, const struct json_conf *c)
{
  size_t n = json_array_size(j);
  mval r;
  if (c->array_as_list) {
    r = Qnil;
    for (size_t i = n; i-- > 0;)
      r = Fcons(rt, to_lisp(rt, json_array_get(j, i), c), r);
  } else {
    r = make_vector(rt, n, Qnil);
    for (size_t i = 0; i < n; i++) {
      mval v = to_lisp(rt, json_array_get(j, i), c);
      gc_aset(rt->gc, r, (int64_t)i, v);
    }
  }
  return r;
}

/* An object's members in jansson's order (the order of the text, a
   repeated key keeping its first place and its last value).  A plist
   key is interned from ":" and the key's bytes as a unibyte name, as
   Emacs 28 does. */
static mval object_to_lisp(mrt *rt, json_t *j, const struct json_conf *c)
{
  const char *key;
  json_t *value;
  if (c->object_type == OBJECT_HASH_TABLE) {
    mval table = make_hash_table(rt, Qequal, (int64_t)json_object_size(j));
    json_object_foreach(j, key, value) {
      mval k = utf8_to_string(rt, key, strlen(key));
      hash_put(rt, table, k, to_lisp(rt, value, c));
    }
    return table;
  }
  mval r = Qnil;
  json_object_foreach(j, key, value) {
    if (c->object_type == OBJECT_ALIST) {
      mval k = intern_string(rt, utf8_to_string(rt, key, strlen(key)));
      mval pair = Fcons(rt, k, to_lisp(rt, value, c));
      r = Fcons(rt, pair, r);
    } else {
      size_t len = strlen(key);
      char *buf = malloc(len + 1);
      if (!buf)
        memory_full(rt);
      buf[0] = ':';
      memcpy(buf + 1, key, len);
      mval name = make_unibyte_string(rt, buf, len + 1);
      free(buf);
      r = Fcons(rt, intern_string(rt, name), r);
      r = Fcons(rt, to_lisp(rt, value, c), r);
    }
  }
  return nreverse_list(rt, r);
}

static mval to_lisp(mrt *rt, json_t *j, const struct json_conf *c)
{
  switch (json_typeof(j)) {
  case JSON_NULL:
    return c->null_object;
  case JSON_FALSE:
    return c->false_object;
  case JSON_TRUE:
    return Qt;
  case JSON_INTEGER:
    return make_int(rt, json_integer_value(j));
  case JSON_REAL:
    return make_float(rt, json_real_value(j));
  case JSON_STRING:
    return utf8_to_string(rt, json_string_value(j), json_string_length(j));
  case JSON_ARRAY:
  case JSON_OBJECT:
    break;
  }
  enter_level(rt);
  mval r = json_is_array(j) ? array_to_lisp(rt, j, c) : object_to_lisp(rt, j, c);
  rt->lisp_eval_depth--;
  return r;
}

static void release_json(mrt *rt, mval arg) { json_decref((json_t *)(uintptr_t)arg); }

/* J (a new reference, freed however this ends) as a Lisp value. */
static mval release_to_lisp(mrt *rt, json_t *j, const struct json_conf *c)
{
  size_t depth = rt->specpdl_depth;
  record_unwind(rt, release_json, (mval)(uintptr_t)j); /* malloc'd: looks like a fixnum */
  mval v = to_lisp(rt, j, c);
  unbind_to(rt, depth);
  return v;
}

/* (json-end-of-file TEXT SOURCE LINE COLUMN POSITION) and its kin. */
static _Noreturn void parse_error(mrt *rt, const json_error_t *e)
{
  enum json_error_code code = json_error_code(e);
  mval sym = code == json_error_premature_end_of_input ? Qjson_end_of_file
             : code == json_error_end_of_input_expected ? Qjson_trailing_content
             : Qjson_parse_error;
  mval v[5] = {utf8_to_string(rt, e->text, strlen(e->text)),
               utf8_to_string(rt, e->source, strlen(e->source)),
               make_int(rt, e->line), make_int(rt, e->column), make_int(rt, e->position)};
  mrt_signal(rt, sym, listn(rt, 5, v));
}

/* (json-parse-string STRING &rest ARGS): the string is checked before
   the arguments, as in Emacs. */
static mval Fjson_parse_string(mrt *rt, int n, mval *a)
{
  CHECK_STRING(rt, a[0]);
  mval e = encode_string(rt, a[0]);
  check_no_nul(rt, e);
  struct json_conf c;
  parse_args(rt, n - 1, a + 1, &c, true);
  json_error_t err;
  json_t *j = json_loads((const char *)XSTRING(e)->data, JSON_DECODE_ANY, &err);
  if (!j)
    parse_error(rt, &err);
  return release_to_lisp(rt, j, &c);
}

/* The buffer text json-parse-buffer reads: multibyte text as it is
   stored; a unibyte buffer's as its bytes (kept here as raw-byte
   characters, buffer.c). */
struct text_reader {
  const uint8_t *p, *end;
  bool unibyte;
};

static size_t read_text(void *buffer, size_t buflen, void *data)
{
  struct text_reader *r = data;
  uint8_t *out = buffer;
  size_t n = 0;
  if (!r->unibyte) {
    n = (size_t)(r->end - r->p) < buflen ? (size_t)(r->end - r->p) : buflen;
    memcpy(out, r->p, n);
    r->p += n;
    return n;
  }
  for (; n < buflen && r->p < r->end; n++) {
    if (raw_byte_at(r->p, r->end)) {
      out[n] = raw_byte(r->p);
      r->p += 2;
    } else
      out[n] = *r->p++;
  }
  return n;
}

/* (json-parse-buffer &rest ARGS): one value from point, which moves
   past it only when all went well; text after it is left alone. */
static mval Fjson_parse_buffer(mrt *rt, int n, mval *a)
{
  struct json_conf c;
  parse_args(rt, n, a, &c, true);
  mval buffer = current_buffer(rt);
  bool unibyte = NILP(symbol_value(rt, intern(rt, "enable-multibyte-characters")));
  size_t nbytes;
  const uint8_t *text = buffer_text_from(buffer, XBUFFER(buffer)->pt, &nbytes);
  struct text_reader r = {text, text + nbytes, unibyte};
  json_error_t err;
  json_t *j = json_load_callback(read_text, &r, JSON_DECODE_ANY | JSON_DISABLE_EOF_CHECK, &err);
  if (!j)
    parse_error(rt, &err);
  int64_t chars = unibyte ? err.position : utf8_count_chars(text, (size_t)err.position, NULL);
  mval v = release_to_lisp(rt, j, &c);
  XBUFFER(buffer)->pt += chars;
  return v;
}

static const struct subr_def json_subrs[] = {
  { "json-serialize", Fjson_serialize, 1, ARGS_MANY },
  { "json-insert", Fjson_insert, 1, ARGS_MANY },
  { "json-parse-string", Fjson_parse_string, 1, ARGS_MANY },
  { "json-parse-buffer", Fjson_parse_buffer, 0, ARGS_MANY },
};

void json_init(mrt *rt)
{
  defsubrs(rt, json_subrs, sizeof json_subrs / sizeof json_subrs[0]);
  define_error(rt, Qjson_error, "generic JSON error", Qerror);
  define_error(rt, Qjson_out_of_memory, "not enough memory for creating JSON object", Qjson_error);
  define_error(rt, Qjson_parse_error, "could not parse JSON stream", Qjson_error);
  define_error(rt, Qjson_end_of_file, "end of JSON stream", Qjson_parse_error);
  define_error(rt, Qjson_trailing_content, "trailing content after JSON stream", Qjson_parse_error);
  define_error(rt, Qjson_object_too_deep, "object cyclic or Lisp evaluation too deep", Qjson_error);
  mval pure = intern(rt, "pure"), free_of_effects = intern(rt, "side-effect-free");
  for (int i = 0; i < 4; i += 2) {
    mval f = intern(rt, json_subrs[i].name);
    put_prop(rt, f, pure, Qt);
    put_prop(rt, f, free_of_effects, Qt);
  }
}

#else

void json_init(mrt *rt) { (void)rt; }

#endif
