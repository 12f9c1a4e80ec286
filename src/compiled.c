/* compiled.c -- layer 5: byte-code function objects (compiled.h). */
#include "compiled.h"

#include <string.h>

#include "bytecode.h"
#include "gc.h"

/* Emacs 28's test: 4 slots or more, an argument list or descriptor,
   code as a string with a constants vector (or as a list), and a
   natural stack depth. */
static bool valid_slots(int64_t n, const mval *s)
{
  if (n < COMPILED_DEPTH + 1)
    return false;
  mval args = s[COMPILED_ARGS], code = s[COMPILED_CODE], constants = s[COMPILED_CONSTANTS];
  bool args_ok = FIXNUMP(args) || CONSP(args) || NILP(args);
  bool code_ok = (STRINGP(code) && VECTORP(constants)) || CONSP(code);
  mval depth = s[COMPILED_DEPTH];
  return args_ok && code_ok && FIXNUMP(depth) && XFIXNUM(depth) >= 0;
}

/* The header, the Lisp slots, and a raw word for the interpreter
   (bytecode.c), zero until the first call. */
mval compiled_make(mrt *rt, int64_t n, const mval *slots)
{
  return gc_vectorlike_copy(rt->gc, PVEC_COMPILED, (size_t)n + 2, (size_t)n, slots);
}

bool compiled_vector_valid(mval v) { return valid_slots(VECTOR_LENGTH(v), VECTOR_SLOTS(v)); }

mval compiled_from_vector(mrt *rt, mval v)
{
  if (!compiled_vector_valid(v))
    xsignal1(rt, Qinvalid_read_syntax, make_cstring(rt, "Invalid byte-code object"));
  return compiled_make(rt, VECTOR_LENGTH(v), VECTOR_SLOTS(v));
}

/* An argument descriptor: bits 0-6 the required count, 8-14 the
   maximum without &rest, bit 7 &rest; an argument list otherwise. */
mval compiled_arity(mrt *rt, mval fn)
{
  mval args = AREF(fn, COMPILED_ARGS);
  if (FIXNUMP(args)) {
    int64_t d = XFIXNUM(args);
    mval max = d & 128 ? Qmany : make_fixnum((d >> 8) & 127);
    return Fcons(rt, make_fixnum(d & 127), max);
  }
  int64_t min = 0, max = 0;
  bool optional = false;
  for (; CONSP(args); args = XCDR(args)) {
    if (XCAR(args) == Qand_rest)
      return Fcons(rt, make_fixnum(min), Qmany);
    if (XCAR(args) == Qand_optional) {
      optional = true;
      continue;
    }
    min += !optional;
    max++;
  }
  return Fcons(rt, make_fixnum(min), make_fixnum(max));
}

/* (make-byte-code ARGLIST BYTE-CODE CONSTANTS DEPTH &optional DOCSTRING
   INTERACTIVE-SPEC &rest ELEMENTS) */
static mval Fmake_byte_code(mrt *rt, int n, mval *a)
{
  if (!valid_slots(n, a))
    mrt_error(rt, "Invalid byte-code object");
  return compiled_make(rt, n, a);
}

/* (make-closure PROTOTYPE &rest CLOSURE-VARS): Emacs 28's compiled
   lambdas that capture variables are copies of a prototype whose first
   constants are the captured values. */
static mval Fmake_closure(mrt *rt, int n, mval *a)
{
  mval proto = a[0];
  CHECK_TYPE(rt, COMPILEDP(proto), intern(rt, "byte-code-function-p"), proto);
  mval consts = AREF(proto, COMPILED_CONSTANTS);
  CHECK_VECTOR(rt, consts);
  int64_t nconsts = VECTOR_LENGTH(consts), nvars = n - 1;
  if (nvars > nconsts)
    mrt_error(rt, "Closure vars do not fit in constvec");
  mval v = make_vector_from(rt, (size_t)nconsts, VECTOR_SLOTS(consts));
  mval *slots = gc_written_slots(rt->gc, v);
  memcpy(slots, a + 1, (size_t)nvars * sizeof(mval));
  int64_t nslots = (int64_t)vl_header_nlisp(XVL(proto)->header);
  mval copy = compiled_make(rt, nslots, XVL(proto)->slots);
  gc_aset(rt->gc, copy, COMPILED_CONSTANTS, v);
  bytecode_share_check(rt, proto, copy);
  return copy;
}

static mval Fbyte_code_function_p(mrt *rt, int n, mval *a) { return COMPILEDP(a[0]) ? Qt : Qnil; }

static const struct subr_def compiled_subrs[] = {
  { "make-byte-code", Fmake_byte_code, 4, ARGS_MANY },
  { "byte-code-function-p", Fbyte_code_function_p, 1, 1 },
  { "make-closure", Fmake_closure, 1, ARGS_MANY },
};

void compiled_init(mrt *rt)
{
  defsubrs(rt, compiled_subrs, sizeof compiled_subrs / sizeof compiled_subrs[0]);
}
