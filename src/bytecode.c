/*
** bytecode.c -- layer 5: the byte-code interpreter.
**
** GNU Emacs compiles Lisp to byte code for a stack machine: a
** byte-code function #[ARGS CODE CONSTANTS DEPTH ...] (compiled.h)
** holds a string of instructions, a vector of the constants they name
** by index, and the deepest its stack gets.  This file runs such
** functions as Emacs 28 does, instruction set, calling conventions and
** all, so that .elc files and byte code written out by Emacs run here.
**
** Calling conventions.  ARGS is either an integer descriptor (lexical
** binding: the arguments are pushed on the stack, &optional ones
** missing as nil, the &rest ones as one list) or an argument list
** (dynamic binding: each parameter is bound specially, and the stack
** starts empty).
**
** Checking.  Emacs trusts its compiler: bad byte code crashes it.
** marrow checks a function's code once, at its first call, by
** following every path through it (flow analysis): each opcode must
** exist, its operands and constant indices must be in range, every
** jump must land in the code, the stack must never go below its
** bottom, and two paths reaching an instruction must agree on the
** stack's depth there.  The depth found for each instruction start
** is kept, so that the one jump whose target is data (switch's jump
** table, which Lisp could change) is checked when it is taken; and
** the frame is sized by the deepest stack found, whatever DEPTH says.
** What checking found lives outside the heap (struct check), pointed
** to by the raw word after the object's Lisp slots and freed by the
** object's finalizer; make-closure's copies share it (refs).  A
** function whose check fails signals an error at every call.  What
** stays for run time: a variable's constant must be a symbol, unbind
** may not undo bindings made before the function started, pophandler
** needs a handler, switch's table must be a hash table.
**
** The stack.  A frame's stack is slots of rt->stack, the evaluator's
** value stack and a precise root: the call's arguments are its first
** slots, and the slot after the deepest the stack gets holds the
** function, so that its constants stay alive whatever happens to the
** symbol it was called through.  rt->stack_top stays at the frame's
** end while the code runs, so that every slot it might read is marked
** (slots above the stack pointer hold old values: still objects), and
** a call from byte code has its arguments copied above the frame.
**
** Non-local exits.  pushcatch and pushconditioncase establish a
** handler for the code that follows them, up to the pophandler that
** ends it.  The handler is a struct on the C stack, so the code
** between them runs in a nested call of the interpreter's loop
** (run_protected), which returns at pophandler; a throw or signal
** caught there longjmps back into that call, which resumes its
** caller's loop at the handler's target with the thrown value pushed.
** The specpdl (dynamic bindings, unwind-protect's handlers, saved
** excursions) is unwound by the throw as for interpreted code.
*/
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "bytecode.h"

#include "arith.h"
#include "compiled.h"
#include "eval.h"
#include "hashtab.h"
#include "reader.h"
#include "strfns.h"

/* ================================================================== */
/* Opcodes                                                            */
/* ================================================================== */

/* Emacs's numbering.  Groups of eight take their operand from the
   opcode (0-5) or from the next one (6) or two (7) bytes. */
enum {
  OP_STACK_REF = 0, OP_VARREF = 010, OP_VARSET = 020, OP_VARBIND = 030, OP_CALL = 040,
  OP_UNBIND = 050, OP_POPHANDLER = 060, OP_PUSHCONDITIONCASE = 061, OP_PUSHCATCH = 062,
  OP_NTH = 070, OP_SYMBOLP, OP_CONSP, OP_STRINGP, OP_LISTP, OP_EQ, OP_MEMQ, OP_NOT,
  OP_CAR = 0100, OP_CDR, OP_CONS, OP_LIST1, OP_LIST2, OP_LIST3, OP_LIST4, OP_LENGTH,
  OP_AREF = 0110, OP_ASET,
  OP_SUB1 = 0123, OP_ADD1, OP_EQLSIGN, OP_GTR, OP_LSS, OP_LEQ, OP_GEQ,
  OP_DIFF = 0132, OP_NEGATE, OP_PLUS, OP_MAX, OP_MIN, OP_MULT,
  OP_SAVE_CURRENT_BUFFER_OLD = 0141, OP_CURRENT_BUFFER = 0160, OP_SAVE_CURRENT_BUFFER = 0162,
  OP_CONSTANT2 = 0201, OP_GOTO, OP_GOTOIFNIL, OP_GOTOIFNONNIL, OP_GOTOIFNILELSEPOP,
  OP_GOTOIFNONNILELSEPOP, OP_RETURN, OP_DISCARD, OP_DUP,
  OP_SAVE_EXCURSION = 0212, OP_SAVE_WINDOW_EXCURSION, OP_SAVE_RESTRICTION, OP_CATCH,
  OP_UNWIND_PROTECT, OP_CONDITION_CASE, OP_UNBIND_ALL = 0222,
  OP_CAR_SAFE = 0242, OP_CDR_SAFE,
  OP_RGOTO = 0252, OP_RGOTOIFNIL, OP_RGOTOIFNONNIL, OP_RGOTOIFNILELSEPOP,
  OP_RGOTOIFNONNILELSEPOP, OP_LISTN, OP_CONCATN, OP_INSERTN,
  OP_STACK_SET = 0262, OP_STACK_SET2, OP_DISCARDN = 0266, OP_SWITCH, OP_CONSTANT = 0300
};

/* The opcodes that apply a primitive to arguments on the stack: the
   primitive's name and how many arguments the opcode pops (the result
   is pushed).  The ones marked N take the count from the next byte. */
struct primitive_op {
  uint8_t op;
  int8_t nargs;
  const char *name;
};
#define N (-1)
static const struct primitive_op primitive_ops[] = {
  {070, 2, "nth"}, {071, 1, "symbolp"}, {072, 1, "consp"}, {073, 1, "stringp"},
  {074, 1, "listp"}, {075, 2, "eq"}, {076, 2, "memq"}, {077, 1, "not"},
  {0100, 1, "car"}, {0101, 1, "cdr"}, {0102, 2, "cons"}, {0103, 1, "list"},
  {0104, 2, "list"}, {0105, 3, "list"}, {0106, 4, "list"}, {0107, 1, "length"},
  {0110, 2, "aref"}, {0111, 3, "aset"}, {0112, 1, "symbol-value"},
  {0113, 1, "symbol-function"}, {0114, 2, "set"}, {0115, 2, "fset"}, {0116, 2, "get"},
  {0117, 3, "substring"}, {0120, 2, "concat"}, {0121, 3, "concat"}, {0122, 4, "concat"},
  {0123, 1, "1-"}, {0124, 1, "1+"}, {0125, 2, "="}, {0126, 2, ">"}, {0127, 2, "<"},
  {0130, 2, "<="}, {0131, 2, ">="}, {0132, 2, "-"}, {0133, 1, "-"}, {0134, 2, "+"},
  {0135, 2, "max"}, {0136, 2, "min"}, {0137, 2, "*"},
  {0140, 0, "point"}, {0142, 1, "goto-char"}, {0143, 1, "insert"}, {0144, 0, "point-max"},
  {0145, 0, "point-min"}, {0146, 1, "char-after"}, {0147, 0, "following-char"},
  {0150, 0, "preceding-char"}, {0151, 0, "current-column"}, {0152, 1, "indent-to"},
  {0154, 0, "eolp"}, {0155, 0, "eobp"}, {0156, 0, "bolp"}, {0157, 0, "bobp"},
  {0160, 0, "current-buffer"}, {0161, 1, "set-buffer"}, {0164, 0, "interactive-p"},
  {0165, 1, "forward-char"}, {0166, 1, "forward-word"}, {0167, 2, "skip-chars-forward"},
  {0170, 2, "skip-chars-backward"}, {0171, 1, "forward-line"}, {0172, 1, "char-syntax"},
  {0173, 2, "buffer-substring"}, {0174, 2, "delete-region"}, {0175, 2, "narrow-to-region"},
  {0176, 0, "widen"}, {0177, 1, "end-of-line"},
  {0223, 3, "set-marker"}, {0224, 1, "match-beginning"}, {0225, 1, "match-end"},
  {0226, 1, "upcase"}, {0227, 1, "downcase"}, {0230, 2, "string="}, {0231, 2, "string<"},
  {0232, 2, "equal"}, {0233, 2, "nthcdr"}, {0234, 2, "elt"}, {0235, 2, "member"},
  {0236, 2, "assq"}, {0237, 1, "nreverse"}, {0240, 2, "setcar"}, {0241, 2, "setcdr"},
  {0242, 1, "car-safe"}, {0243, 1, "cdr-safe"}, {0244, 2, "nconc"}, {0245, 2, "/"},
  {0246, 2, "%"}, {0247, 1, "numberp"}, {0250, 1, "integerp"},
  {OP_LISTN, N, "list"}, {OP_CONCATN, N, "concat"}, {OP_INSERTN, N, "insert"},
};
#undef N

/* The buffer functions behind save-excursion and its kin (buffer.c
   makes them primitives for subr.el's macros). */
enum { H_SAVE_EXCURSION, H_RESTORE_EXCURSION, H_SAVE_RESTRICTION, H_RESTORE_RESTRICTION,
       H_RESTORE_BUFFER, H_COUNT };
static const char *const helper_names[H_COUNT] = {
  "internal--save-excursion", "internal--restore-excursion", "internal--save-restriction",
  "internal--restore-restriction", "internal--restore-buffer",
};

/* The primitives are taken when the runtime starts, as Emacs's opcodes
   call its C functions: redefining `car' does not change byte code.
   A name that is no primitive then is called through its symbol. */
struct bytecode_state {
  void *opaque_reserved; /* zero: no host finalizer, whatever the API's layout */
  mval prims[256];       /* an opcode's primitive (or symbol); nil for the others */
  int8_t nargs[256];     /* arguments it pops; -1 for no primitive, -2 for N */
  mval helpers[H_COUNT];
};

/* ================================================================== */
/* Checking a function's code                                         */
/* ================================================================== */

/* What checking found, kept for the function's life. */
struct check {
  int64_t refs;     /* the objects that point here */
  size_t bytes;     /* this allocation's size */
  int32_t ncode;    /* bytes of code; 0 when the check failed */
  int32_t nstack;   /* the deepest the stack gets */
  char error[96];   /* why calls signal, or empty */
  int32_t depth[];  /* per code byte: the stack's depth when an
                       instruction starting there runs, -1 where none
                       does; the code itself follows */
};
static const uint8_t *check_code(const struct check *k) { return (const uint8_t *)(k->depth + k->ncode); }

/* The raw word after a byte-code object's Lisp slots. */
static uint64_t *check_word(struct vectorlike *v) { return (uint64_t *)v->slots + vl_header_nlisp(v->header); }
static struct check *check_of(mval fn) { return (struct check *)(uintptr_t)*check_word(XVL(fn)); }

struct checker {
  mrt *rt;
  const uint8_t *code;
  int32_t ncode;
  const mval *consts;
  int64_t nconsts;
  int32_t *depth;
  int32_t deepest;
  struct { int32_t pc, depth; } *work; /* jump targets still to follow */
  size_t nwork, capwork;
  char *error; /* 96 bytes */
};

/* One decoded instruction. */
struct insn {
  int op;
  int32_t len;       /* opcode and operand bytes */
  int32_t operand;
  int32_t pops, pushes;
};

static bool fail(struct checker *c, int32_t pc, const char *why)
{
  snprintf(c->error, 96, "Invalid byte code: %s at %d", why, (int)pc);
  return false;
}

static bool bad_opcode(struct checker *c, int op, int32_t pc)
{
  snprintf(c->error, 96, "Invalid byte opcode: op=%d, ptr=%d", op, (int)pc); /* Emacs's words */
  return false;
}

static bool follow_later(struct checker *c, int32_t pc, int32_t from, int32_t depth)
{
  if (pc < 0 || pc >= c->ncode)
    return fail(c, from, "jump outside the code");
  if (c->nwork == c->capwork) {
    size_t cap = c->capwork ? c->capwork * 2 : 16;
    void *w = realloc(c->work, cap * sizeof *c->work);
    if (!w)
      return fail(c, from, "no memory to check it");
    c->work = w;
    c->capwork = cap;
  }
  c->work[c->nwork].pc = pc;
  c->work[c->nwork++].depth = depth;
  return true;
}

/* The stack effect of the opcodes that are neither groups nor
   primitives: pops, pushes. */
static bool special_effect(int op, int32_t *pops, int32_t *pushes)
{
  static const struct { uint8_t op, pops, pushes; } effects[] = {
    {OP_POPHANDLER, 0, 0}, {OP_PUSHCONDITIONCASE, 1, 0}, {OP_PUSHCATCH, 1, 0},
    {OP_SAVE_CURRENT_BUFFER_OLD, 0, 0}, {OP_SAVE_CURRENT_BUFFER, 0, 0}, {OP_CONSTANT2, 0, 1},
    {OP_GOTO, 0, 0}, {OP_GOTOIFNIL, 1, 0}, {OP_GOTOIFNONNIL, 1, 0},
    {OP_GOTOIFNILELSEPOP, 1, 0}, {OP_GOTOIFNONNILELSEPOP, 1, 0}, {OP_RETURN, 1, 0},
    {OP_DISCARD, 1, 0}, {OP_DUP, 1, 2}, {OP_SAVE_EXCURSION, 0, 0},
    {OP_SAVE_WINDOW_EXCURSION, 1, 1}, {OP_SAVE_RESTRICTION, 0, 0}, {OP_CATCH, 2, 1},
    {OP_UNWIND_PROTECT, 1, 0}, {OP_CONDITION_CASE, 3, 1}, {OP_UNBIND_ALL, 0, 0},
    {OP_RGOTO, 0, 0}, {OP_RGOTOIFNIL, 1, 0}, {OP_RGOTOIFNONNIL, 1, 0},
    {OP_RGOTOIFNILELSEPOP, 1, 0}, {OP_RGOTOIFNONNILELSEPOP, 1, 0}, {OP_STACK_SET, 1, 0},
    {OP_STACK_SET2, 1, 0}, {OP_DISCARDN, 0, 0}, {OP_SWITCH, 2, 0},
  };
  for (size_t i = 0; i < sizeof effects / sizeof effects[0]; i++)
    if (effects[i].op == op) {
      *pops = effects[i].pops;
      *pushes = effects[i].pushes;
      return true;
    }
  return false;
}

static int32_t operand_length(int op)
{
  switch (op) {
  case OP_PUSHCONDITIONCASE: case OP_PUSHCATCH: case OP_CONSTANT2: case OP_GOTO:
  case OP_GOTOIFNIL: case OP_GOTOIFNONNIL: case OP_GOTOIFNILELSEPOP:
  case OP_GOTOIFNONNILELSEPOP: case OP_STACK_SET2:
    return 2;
  case OP_RGOTO: case OP_RGOTOIFNIL: case OP_RGOTOIFNONNIL: case OP_RGOTOIFNILELSEPOP:
  case OP_RGOTOIFNONNILELSEPOP: case OP_LISTN: case OP_CONCATN: case OP_INSERTN:
  case OP_STACK_SET: case OP_DISCARDN:
    return 1;
  default:
    return 0;
  }
}

static bool decode(struct checker *c, int32_t pc, struct insn *in)
{
  const uint8_t *code = c->code;
  int op = in->op = code[pc];
  const int8_t *nargs = c->rt->bytecode->nargs;
  in->operand = 0;
  if (op < OP_POPHANDLER) { /* the groups: stack-ref, varref, varset, varbind, call, unbind */
    if (op == OP_STACK_REF)
      return bad_opcode(c, op, pc);
    static const int8_t group_pops[6] = {0, 0, 1, 1, -1, 0}, group_pushes[6] = {1, 1, 0, 0, 1, 0};
    int g = op >> 3, k = op & 7;
    in->len = k < 6 ? 1 : k - 4;
    if (pc + in->len > c->ncode)
      return fail(c, pc, "operand past the end");
    in->operand = k < 6 ? k : k == 6 ? code[pc + 1] : code[pc + 1] | code[pc + 2] << 8;
    in->pops = g == 4 ? in->operand + 1 : group_pops[g];
    in->pushes = group_pushes[g];
    return true;
  }
  if (op >= OP_CONSTANT) {
    in->operand = op - OP_CONSTANT;
    in->len = 1;
    in->pops = 0;
    in->pushes = 1;
    return true;
  }
  in->len = 1 + operand_length(op);
  if (pc + in->len > c->ncode)
    return fail(c, pc, "operand past the end");
  if (in->len == 2)
    in->operand = code[pc + 1];
  else if (in->len == 3)
    in->operand = code[pc + 1] | code[pc + 2] << 8;
  if (nargs[op] != -1) {
    in->pops = nargs[op] == -2 ? in->operand : nargs[op];
    in->pushes = 1;
    return true;
  }
  if (!special_effect(op, &in->pops, &in->pushes))
    return bad_opcode(c, op, pc);
  if (op == OP_DISCARDN)
    in->pops = in->operand & 0x7f;
  return true;
}

/* The checks of one instruction at PC, run with the stack at DEPTH
   before it, that the stack's effect does not cover. */
static bool check_operands(struct checker *c, const struct insn *in, int32_t pc, int32_t depth)
{
  int op = in->op;
  bool names_constant = (op >= OP_VARREF && op < OP_CALL) || op == OP_CONSTANT2 || op >= OP_CONSTANT;
  if (names_constant && in->operand >= c->nconsts)
    return fail(c, pc, "constant index out of range");
  int32_t reaches = -1; /* how far below the top it reads or writes */
  if (op > OP_STACK_REF && op < OP_VARREF)
    reaches = in->operand;
  else if (op == OP_STACK_SET || op == OP_STACK_SET2)
    reaches = in->operand;
  else if (op == OP_DISCARDN && (in->operand & 0x80))
    reaches = in->operand & 0x7f;
  if (reaches >= depth)
    return fail(c, pc, "stack reference out of range");
  return true;
}

/* Where control may go after the instruction at PC besides the next
   one, with the stack's depth there; false when it cannot go on to
   the next one. */
static bool queue_jumps(struct checker *c, const struct insn *in, int32_t pc, int32_t depth,
                        int32_t last_constant, bool *falls_through)
{
  int op = in->op;
  *falls_through = op != OP_GOTO && op != OP_RGOTO && op != OP_RETURN;
  int32_t target = op >= OP_RGOTO && op <= OP_RGOTOIFNONNILELSEPOP
                       ? pc + 2 + in->operand - 128 : in->operand;
  switch (op) {
  case OP_GOTO: case OP_RGOTO:
    return follow_later(c, target, pc, depth);
  case OP_GOTOIFNIL: case OP_GOTOIFNONNIL: case OP_RGOTOIFNIL: case OP_RGOTOIFNONNIL:
    return follow_later(c, target, pc, depth - 1);
  case OP_GOTOIFNILELSEPOP: case OP_GOTOIFNONNILELSEPOP:
  case OP_RGOTOIFNILELSEPOP: case OP_RGOTOIFNONNILELSEPOP:
    return follow_later(c, target, pc, depth);
  case OP_PUSHCATCH: case OP_PUSHCONDITIONCASE: /* the tag's place holds the value */
    return follow_later(c, target, pc, depth);
  case OP_SWITCH: {
    mval table = last_constant >= 0 ? c->consts[last_constant] : Qnil;
    if (!HASH_TABLE_P(table))
      return true; /* checked when it runs */
    for (int64_t i = 0, n = hash_table_size(table); i < n; i++) {
      mval key, value;
      if (hash_table_entry(table, i, &key, &value) &&
          !follow_later(c, FIXNUMP(value) ? (int32_t)XFIXNUM(value) : -1, pc, depth - 2))
        return false;
    }
    return true;
  }
  default:
    return true;
  }
}

/* Follows the code from PC with the stack at DEPTH until it returns,
   jumps away or meets code already followed. */
static bool follow(struct checker *c, int32_t pc, int32_t depth)
{
  int32_t last_constant = -1;
  for (;;) {
    if (pc >= c->ncode)
      return fail(c, pc, "code runs past its end");
    if (c->depth[pc] >= 0)
      return c->depth[pc] == depth || fail(c, pc, "stack depths disagree");
    c->depth[pc] = depth;
    struct insn in;
    if (!decode(c, pc, &in) || !check_operands(c, &in, pc, depth))
      return false;
    if (in.pops > depth)
      return fail(c, pc, "stack underflow");
    int32_t after = depth - in.pops + in.pushes;
    if (after > c->deepest)
      c->deepest = after;
    bool falls_through;
    if (!queue_jumps(c, &in, pc, depth, last_constant, &falls_through))
      return false;
    if (!falls_through)
      return true;
    last_constant = in.op >= OP_CONSTANT ? in.operand : in.op == OP_CONSTANT2 ? in.operand : -1;
    pc += in.len;
    depth = after;
  }
}

static bool check_all(struct checker *c, int32_t start_depth)
{
  c->deepest = start_depth;
  for (int32_t i = 0; i < c->ncode; i++)
    c->depth[i] = -1;
  if (!follow(c, 0, start_depth))
    return false;
  while (c->nwork > 0) {
    c->nwork--;
    if (!follow(c, c->work[c->nwork].pc, c->work[c->nwork].depth))
      return false;
  }
  return true;
}

/* The stack's depth when the code starts: the arguments a descriptor
   pushes (all but &rest, then the &rest list), none for a list. */
static int32_t start_depth(mval args)
{
  if (!FIXNUMP(args))
    return 0;
  int64_t d = XFIXNUM(args);
  return (int32_t)((d >> 8) & 127) + ((d & 128) != 0);
}

static bool valid_descriptor(mval args)
{
  return !FIXNUMP(args) || (XFIXNUM(args) >= 0 && XFIXNUM(args) < (1 << 15));
}

/* The byte code as bytes: a multibyte string's characters must be
   bytes (raw bytes or ASCII), as in code Emacs 20 wrote. */
static bool code_bytes(mval s, uint8_t *out)
{
  struct string *str = XSTRING(s);
  if (!(str->flags & STRING_MULTIBYTE)) {
    memcpy(out, str->data, (size_t)str->nbytes);
    return true;
  }
  const uint8_t *p = str->data, *end = p + str->nbytes;
  for (int64_t i = 0; p < end; i++) {
    int len, c = char_decode(p, end, &len);
    if (c >= 0x3FFF80)
      c -= 0x3FFF00;
    if (c > 255)
      return false;
    out[i] = (uint8_t)c;
    p += len;
  }
  return true;
}

static struct check *new_check(mrt *rt, int32_t ncode)
{
  size_t bytes = sizeof(struct check) + (size_t)ncode * (sizeof(int32_t) + 1);
  struct check *k = gc_xmalloc_atomic(rt->gc, bytes);
  if (!k)
    memory_full(rt);
  memset(k, 0, sizeof *k);
  k->refs = 1;
  k->bytes = bytes;
  k->ncode = ncode;
  return k;
}

static struct check *failed_check(mrt *rt, const char *error)
{
  struct check *k = new_check(rt, 0);
  snprintf(k->error, sizeof k->error, "%s", error);
  return k;
}

/* Emacs's fetch-bytecode: code that byte-compile-dynamic left in the
   .elc file, CODE being (FILE . POSITION) there, read into FN's code
   and constants slots. */
static void fetch_code(mrt *rt, mval fn)
{
  mval where = AREF(fn, COMPILED_CODE);
  if (!CONSP(where) || !STRINGP(XCAR(where)) || !FIXNUMP(XCDR(where)))
    mrt_error(rt, "Invalid byte code");
  mval text = call2(rt, intern(rt, "marrow--docstring-from-file"), XCAR(where), XCDR(where));
  /* read_from_string, not read_one on the bytes: the reader allocates,
     and only a live TEXT keeps the bytes it reads from collected. */
  mval code = STRINGP(text) && XSTRING(text)->nbytes > 0
                  ? XCAR(read_from_string(rt, text, Qnil, Qnil))
                  : Qnil;
  if (!CONSP(code) || !STRINGP(XCAR(code)) || !VECTORP(XCDR(code)))
    mrt_errorf(rt, "Invalid byte code in %s", (const char *)XSTRING(XCAR(where))->data);
  gc_aset(rt->gc, fn, COMPILED_CODE, XCAR(code));
  gc_aset(rt->gc, fn, COMPILED_CONSTANTS, XCDR(code));
}

static struct check *check_function(mrt *rt, mval fn)
{
  if (CONSP(AREF(fn, COMPILED_CODE)))
    fetch_code(rt, fn);
  mval code = AREF(fn, COMPILED_CODE), consts = AREF(fn, COMPILED_CONSTANTS);
  mval args = AREF(fn, COMPILED_ARGS);
  if (!valid_descriptor(args))
    return failed_check(rt, "Invalid byte code: bad argument descriptor");
  if (!STRINGP(code) || !VECTORP(consts)) /* make-byte-code and the reader let none through */
    return failed_check(rt, "Invalid byte code: no code string and constants vector");
  int64_t nchars = XSTRING(code)->nchars;
  if (nchars > INT32_MAX / 8)
    return failed_check(rt, "Invalid byte code: too long");
  struct check *k = new_check(rt, (int32_t)nchars);
  uint8_t *bytes = (uint8_t *)check_code(k);
  if (!code_bytes(code, bytes)) {
    snprintf(k->error, sizeof k->error, "Invalid byte code: code is not bytes");
    k->ncode = 0;
    return k;
  }
  struct checker c = {rt, bytes, k->ncode, VECTOR_SLOTS(consts), VECTOR_LENGTH(consts),
                      k->depth, 0, NULL, 0, 0, k->error};
  bool ok = check_all(&c, start_depth(args));
  free(c.work);
  if (ok)
    k->nstack = c.deepest;
  else
    k->ncode = 0;
  return k;
}

static struct check *checked(mrt *rt, mval fn)
{
  struct check *k = check_of(fn);
  if (!k) {
    k = check_function(rt, fn);
    *check_word(XVL(fn)) = (uint64_t)(uintptr_t)k;
  }
  return k;
}

void bytecode_share_check(mrt *rt, mval proto, mval copy)
{
  struct check *k = checked(rt, proto);
  k->refs++;
  *check_word(XVL(copy)) = (uint64_t)(uintptr_t)k;
}

static void finalize_compiled(struct gc *g, struct vectorlike *obj, void *ud)
{
  uint64_t *word = check_word(obj);
  struct check *k = (struct check *)(uintptr_t)*word;
  if (k && --k->refs == 0)
    gc_xfree(g, k, k->bytes);
  *word = 0;
}

/* ================================================================== */
/* Running                                                            */
/* ================================================================== */

struct frame {
  mrt *rt;
  const struct check *check;
  const uint8_t *code;
  const mval *consts;
  mval *bottom;          /* the stack's first slot */
  size_t specpdl_base;   /* unbind may not go below this */
};

/* Where the code is: the next instruction and the top of the stack. */
struct pos {
  const uint8_t *pc;
  mval *sp;
};

enum run_end { RAN_TO_RETURN, RAN_TO_POPHANDLER };

static enum run_end run(struct frame *f, struct pos *at, int nesting);

static mval call_primitive(mrt *rt, mval prim, int n, mval *args)
{
  if (!PVECP(prim, PVEC_SUBR))
    return funcall(rt, prim, n, args);
  struct subr *s = XSUBR(prim);
  mval padded[8];
  if (s->max_args > n) { /* bytecode_init took no primitive needing more */
    memcpy(padded, args, (size_t)n * sizeof *args);
    for (int i = n; i < s->max_args; i++)
      padded[i] = Qnil;
    args = padded;
  }
  return s->fn ? s->fn(rt, n, args) : s->fn_data(rt, n, args, s->data);
}

static mval call_helper(mrt *rt, int h, int n, mval *args)
{
  return call_primitive(rt, rt->bytecode->helpers[h], n, args);
}

static mval checked_symbol(mrt *rt, mval x)
{
  CHECK_SYMBOL(rt, x);
  return x;
}

/* unwind-protect's handler: a function, or (from Emacs 24.3 and
   before) a list of forms run with dynamic binding. */
static void run_unwind_handler(mrt *rt, mval handler)
{
  if (rt->killing)
    return;
  if (functionp(rt, handler))
    call0(rt, handler);
  else
    eval_toplevel_form(rt, Fcons(rt, Qprogn, handler), false);
}

static void restore_excursion(mrt *rt, mval saved) { call_helper(rt, H_RESTORE_EXCURSION, 1, &saved); }
static void restore_restriction(mrt *rt, mval saved) { call_helper(rt, H_RESTORE_RESTRICTION, 1, &saved); }
static void restore_buffer(mrt *rt, mval saved) { call_helper(rt, H_RESTORE_BUFFER, 1, &saved); }

static void save_state(mrt *rt, int save, void (*restore)(mrt *rt, mval saved))
{
  record_unwind(rt, restore, call_helper(rt, save, 0, NULL));
}

static void save_current_buffer(mrt *rt)
{
  record_unwind(rt, restore_buffer, call_primitive(rt, rt->bytecode->prims[OP_CURRENT_BUFFER], 0, NULL));
}

/* The obsolete opcodes that ran forms: Emacs 24's catch and
   condition-case, and save-window-excursion (no windows here). */
static mval eval_dynamic(mrt *rt, mval form) { return eval_toplevel_form(rt, form, false); }

static mval obsolete_catch(mrt *rt, mval tag, mval body)
{
  return eval_dynamic(rt, list3(rt, Qcatch, list2(rt, Qquote, tag), body));
}

static mval obsolete_condition_case(mrt *rt, mval var, mval body, mval handlers)
{
  return eval_dynamic(rt, Fcons(rt, Qcondition_case, Fcons(rt, var, Fcons(rt, body, handlers))));
}

static void unbind_checked(struct frame *f, int64_t n)
{
  mrt *rt = f->rt;
  if ((int64_t)(rt->specpdl_depth - f->specpdl_base) < n)
    mrt_error(rt, "Invalid byte code: unbind undoes more than the function bound");
  unbind_to(rt, rt->specpdl_depth - (size_t)n);
}

/* switch: where TABLE sends V, or NULL to go on. */
static const uint8_t *switch_target(struct frame *f, mval table, mval v, mval *sp)
{
  mrt *rt = f->rt;
  CHECK_TYPE(rt, HASH_TABLE_P(table), intern(rt, "hash-table-p"), table);
  mval target = hash_get(rt, table, v, Qunbound);
  if (target == Qunbound)
    return NULL;
  int32_t depth = (int32_t)(sp - f->bottom + 1);
  if (!FIXNUMP(target) || XFIXNUM(target) < 0 || XFIXNUM(target) >= f->check->ncode ||
      f->check->depth[XFIXNUM(target)] != depth)
    mrt_errorf(rt, "Invalid byte code: switch to %s", FIXNUMP(target) ? "a bad place" : "a non-number");
  return f->code + XFIXNUM(target);
}

/* The code from AT->pc up to the pophandler that ends the handler
   established for it, or to a return. */
static enum run_end run_protected(struct frame *f, struct pos *at, enum handler_type type,
                                  mval tag, int32_t target, int nesting)
{
  mrt *rt = f->rt;
  eval_check_c_stack(rt, 2048);
  mval *sp = at->sp;
  struct handler h;
  handler_push(rt, &h, type, tag);
  if (setjmp(h.jmp) == 0) {
    enum run_end how = run(f, at, nesting + 1);
    handler_pop(rt, &h);
    return how;
  }
  /* Thrown to: the handler is gone, the specpdl unwound, stack_top
     back at the frame's end. */
  sp[1] = h.value;
  at->sp = sp + 1;
  at->pc = f->code + target;
  return RAN_TO_POPHANDLER;
}

static inline int32_t fetch2(const uint8_t **pc)
{
  int32_t v = (*pc)[0] | (*pc)[1] << 8;
  *pc += 2;
  return v;
}

/* The operand of a group-of-eight opcode whose offset is K. */
static inline int32_t group_arg(int k, const uint8_t **pc)
{
  if (k < 6)
    return k;
  if (k == 6)
    return *(*pc)++;
  return fetch2(pc);
}

/* Calls *FNP on the N values after it.  A call to byte code through a
   symbol (the common case) goes straight to eval_call_compiled. */
static mval call_from_frame(mrt *rt, mval *fnp, int n)
{
  mval fn = fnp[0], def = SYMBOLP(fn) && !NILP(fn) ? XSYMBOL(rt, fn)->function : fn;
  size_t base = rt->stack_top;
  if (!COMPILEDP(def) || base + (size_t)n + 16 > rt->stack_cap)
    return funcall(rt, fn, n, fnp + 1);
  for (int i = 1; i <= n; i++)
    rt->stack[rt->stack_top++] = fnp[i];
  return eval_call_compiled(rt, def, fn, n, base);
}

/* The two-argument arithmetic opcodes, with arith.h's fixnum cases
   inline. */
static inline mval arithmetic(mrt *rt, int op, mval a, mval b)
{
  switch (op) {
  case OP_PLUS: return arith_add2(rt, a, b);
  case OP_DIFF: return arith_sub2(rt, a, b);
  case OP_MULT: return arith_mul2(rt, a, b);
  case OP_LSS: return arith_lt2(rt, a, b) ? Qt : Qnil;
  case OP_GTR: return arith_gt2(rt, a, b) ? Qt : Qnil;
  case OP_LEQ: return arith_le2(rt, a, b) ? Qt : Qnil;
  case OP_GEQ: return arith_ge2(rt, a, b) ? Qt : Qnil;
  default: return arith_eq2(rt, a, b) ? Qt : Qnil;
  }
}

static inline void charge_backward_jump(mrt *rt, const uint8_t *from, const uint8_t *to)
{
  if (to <= from)
    eval_charge_steps(rt, 1); /* a loop: the fuzzers' step limit counts it */
}

static enum run_end run(struct frame *f, struct pos *at, int nesting)
{
  mrt *rt = f->rt;
  const mval *consts = f->consts;
  const uint8_t *pc = at->pc, *code = f->code;
  mval *sp = at->sp;
  for (;;) {
    int op = *pc++;
    switch (op) {
    /* The stack, constants and variables. */
    case OP_STACK_REF + 1 ... OP_STACK_REF + 7: {
      int32_t k = group_arg(op - OP_STACK_REF, &pc);
      sp[1] = sp[-k];
      sp++;
      break;
    }
    case OP_VARREF ... OP_VARREF + 7:
      sp[1] = symbol_value(rt, checked_symbol(rt, consts[group_arg(op - OP_VARREF, &pc)]));
      sp++;
      break;
    case OP_VARSET ... OP_VARSET + 7:
      set_symbol_value(rt, checked_symbol(rt, consts[group_arg(op - OP_VARSET, &pc)]), *sp);
      sp--;
      break;
    case OP_VARBIND ... OP_VARBIND + 7:
      specbind(rt, checked_symbol(rt, consts[group_arg(op - OP_VARBIND, &pc)]), *sp);
      sp--;
      break;
    case OP_UNBIND ... OP_UNBIND + 7:
      unbind_checked(f, group_arg(op - OP_UNBIND, &pc));
      break;
    case OP_UNBIND_ALL:
      unbind_checked(f, (int64_t)(rt->specpdl_depth - f->specpdl_base));
      break;
    case OP_CONSTANT2:
      sp[1] = consts[fetch2(&pc)];
      sp++;
      break;
    case OP_CONSTANT ... 0377:
      sp[1] = consts[op - OP_CONSTANT];
      sp++;
      break;
    case OP_DUP:
      sp[1] = sp[0];
      sp++;
      break;
    case OP_DISCARD:
      sp--;
      break;
    case OP_DISCARDN: {
      int k = *pc++;
      if (k & 0x80) {
        k &= 0x7f;
        sp[-k] = sp[0];
      }
      sp -= k;
      break;
    }
    case OP_STACK_SET: case OP_STACK_SET2: {
      int32_t k = op == OP_STACK_SET ? *pc++ : fetch2(&pc);
      sp[-k] = sp[0];
      sp--;
      break;
    }

    /* Calls: to anything funcall takes, with the arguments copied
       above the frame. */
    case OP_CALL ... OP_CALL + 7: {
      int32_t n = group_arg(op - OP_CALL, &pc);
      sp -= n;
      sp[0] = call_from_frame(rt, sp, n);
      break;
    }

    /* Jumps.  A jump back is a loop's step. */
    case OP_GOTO: {
      const uint8_t *to = code + fetch2(&pc);
      charge_backward_jump(rt, pc, to);
      pc = to;
      break;
    }
    case OP_GOTOIFNIL: case OP_GOTOIFNONNIL: {
      const uint8_t *to = code + fetch2(&pc);
      if (NILP(*sp--) == (op == OP_GOTOIFNIL)) {
        charge_backward_jump(rt, pc, to);
        pc = to;
      }
      break;
    }
    case OP_GOTOIFNILELSEPOP: case OP_GOTOIFNONNILELSEPOP: {
      const uint8_t *to = code + fetch2(&pc);
      if (NILP(*sp) == (op == OP_GOTOIFNILELSEPOP)) {
        charge_backward_jump(rt, pc, to);
        pc = to;
      } else {
        sp--;
      }
      break;
    }
    case OP_RGOTO ... OP_RGOTOIFNONNILELSEPOP: { /* Emacs 19's relative jumps */
      int delta = *pc++ - 128;
      bool on_nil = op == OP_RGOTOIFNIL || op == OP_RGOTOIFNILELSEPOP;
      bool go = op == OP_RGOTO || NILP(*sp) == on_nil;
      bool pops = op == OP_RGOTOIFNIL || op == OP_RGOTOIFNONNIL;
      if (op != OP_RGOTO && (pops || !go))
        sp--;
      if (go) {
        charge_backward_jump(rt, pc, pc + delta);
        pc += delta;
      }
      break;
    }
    case OP_SWITCH: {
      mval table = sp[0], v = sp[-1];
      sp -= 2;
      const uint8_t *to = switch_target(f, table, v, sp);
      if (to) {
        charge_backward_jump(rt, pc, to);
        pc = to;
      }
      break;
    }
    case OP_RETURN:
      at->sp = sp;
      return RAN_TO_RETURN;

    /* Handlers and the specpdl's other entries. */
    case OP_PUSHCATCH: case OP_PUSHCONDITIONCASE: {
      mval tag = *sp--;
      int32_t target = fetch2(&pc);
      struct pos inner = {pc, sp};
      enum handler_type type = op == OP_PUSHCATCH ? HANDLER_CATCH : HANDLER_CONDITION_CASE;
      if (run_protected(f, &inner, type, tag, target, nesting) == RAN_TO_RETURN) {
        at->sp = inner.sp;
        return RAN_TO_RETURN;
      }
      pc = inner.pc;
      sp = inner.sp;
      break;
    }
    case OP_POPHANDLER:
      if (nesting == 0)
        mrt_error(rt, "Invalid byte code: pophandler without a handler");
      at->pc = pc;
      at->sp = sp;
      return RAN_TO_POPHANDLER;
    case OP_UNWIND_PROTECT:
      record_unwind(rt, run_unwind_handler, *sp--);
      break;
    case OP_SAVE_EXCURSION:
      save_state(rt, H_SAVE_EXCURSION, restore_excursion);
      break;
    case OP_SAVE_RESTRICTION:
      save_state(rt, H_SAVE_RESTRICTION, restore_restriction);
      break;
    case OP_SAVE_CURRENT_BUFFER: case OP_SAVE_CURRENT_BUFFER_OLD:
      save_current_buffer(rt);
      break;
    case OP_SAVE_WINDOW_EXCURSION:
      sp[0] = eval_dynamic(rt, Fcons(rt, Qprogn, sp[0]));
      break;
    case OP_CATCH:
      sp--;
      sp[0] = obsolete_catch(rt, sp[0], sp[1]);
      break;
    case OP_CONDITION_CASE:
      sp -= 2;
      sp[0] = obsolete_condition_case(rt, sp[0], sp[1], sp[2]);
      break;

    /* Primitives with their common case inline. */
    case OP_CAR: case OP_CDR: case OP_CAR_SAFE: case OP_CDR_SAFE: /* a closure is a list */
      if (CONSP(sp[0]))
        sp[0] = op == OP_CAR || op == OP_CAR_SAFE ? XCAR(sp[0]) : XCDR(sp[0]);
      else if (op <= OP_CDR ? !NILP(sp[0]) : PVECP(sp[0], PVEC_CLOSURE))
        goto primitive;
      else
        sp[0] = Qnil;
      break;
    case OP_CONS:
      sp--;
      sp[0] = Fcons(rt, sp[0], sp[1]);
      break;
    case OP_LIST1:
      sp[0] = list1(rt, sp[0]);
      break;
    case OP_LIST2:
      sp--;
      sp[0] = list2(rt, sp[0], sp[1]);
      break;
    case OP_EQ:
      sp--;
      sp[0] = sp[0] == sp[1] ? Qt : Qnil;
      break;
    case OP_NOT:
      sp[0] = NILP(sp[0]) ? Qt : Qnil;
      break;
    case OP_SYMBOLP:
      sp[0] = SYMBOLP(sp[0]) ? Qt : Qnil;
      break;
    case OP_STRINGP:
      sp[0] = STRINGP(sp[0]) ? Qt : Qnil;
      break;
    case OP_CONSP:
      if (CONSP(sp[0]))
        sp[0] = Qt;
      else
        goto primitive;
      break;
    case OP_ADD1:
      sp[0] = arith_add1(rt, sp[0]);
      break;
    case OP_SUB1:
      sp[0] = arith_sub1(rt, sp[0]);
      break;
    case OP_PLUS: case OP_DIFF: case OP_MULT:
    case OP_LSS: case OP_GTR: case OP_LEQ: case OP_GEQ: case OP_EQLSIGN:
      sp--;
      sp[0] = arithmetic(rt, op, sp[0], sp[1]);
      break;
    case OP_LISTN: case OP_CONCATN: case OP_INSERTN: {
      int n = *pc++;
      sp -= n - 1;
      sp[0] = call_primitive(rt, rt->bytecode->prims[op], n, sp);
      break;
    }

    /* Every other primitive: pop its arguments, push its value. */
    default:
    primitive: {
      int n = rt->bytecode->nargs[op];
      if (n < 0) /* checking lets no other opcode through */
        mrt_errorf(rt, "Invalid byte opcode: op=%d, ptr=%d", op, (int)(pc - 1 - code));
      sp -= n - 1;
      sp[0] = call_primitive(rt, rt->bytecode->prims[op], n, sp);
      break;
    }
    }
  }
}

/* ================================================================== */
/* Calling                                                            */
/* ================================================================== */

static _Noreturn void wrong_arity(mrt *rt, int64_t min, int64_t max, int nargs)
{
  xsignal2(rt, Qwrong_number_of_arguments, Fcons(rt, make_fixnum(min), make_fixnum(max)),
           make_fixnum(nargs));
}

/* The descriptor's convention: the arguments stay on the stack, nil
   for the missing &optional ones, the &rest ones as a list.  Returns
   how many slots they fill. */
static int32_t push_arguments(mrt *rt, int64_t desc, int nargs, mval *args)
{
  int64_t min = desc & 127, nonrest = (desc >> 8) & 127;
  bool rest = (desc & 128) != 0;
  if (nargs == nonrest && !rest)
    return nargs;
  if (nargs < min || (!rest && nargs > nonrest))
    wrong_arity(rt, min, nonrest, nargs);
  if (rest) {
    mval list = Qnil;
    for (int i = nargs; i-- > nonrest;)
      list = Fcons(rt, args[i], list);
    for (int i = nargs; i < nonrest; i++)
      args[i] = Qnil;
    args[nonrest] = list;
    return (int32_t)nonrest + 1;
  }
  for (int i = nargs; i < nonrest; i++)
    args[i] = Qnil;
  return (int32_t)nonrest;
}

/* The argument list's convention: each parameter bound specially. */
static void bind_arguments(mrt *rt, mval fn, mval params, int nargs, mval *args)
{
  int i = 0;
  bool optional = false;
  for (; CONSP(params); params = XCDR(params)) {
    mval p = XCAR(params);
    if (p == Qand_optional) {
      optional = true;
      continue;
    }
    if (p == Qand_rest) {
      params = XCDR(params);
      if (!CONSP(params))
        xsignal1(rt, Qinvalid_function, fn);
      mval list = Qnil;
      for (int j = nargs; j-- > i;)
        list = Fcons(rt, args[j], list);
      specbind(rt, checked_symbol(rt, XCAR(params)), list);
      i = nargs;
      break;
    }
    if (i >= nargs && !optional)
      xsignal2(rt, Qwrong_number_of_arguments, fn, make_fixnum(nargs));
    specbind(rt, checked_symbol(rt, p), i < nargs ? args[i] : Qnil);
    i += i < nargs;
  }
  if (i < nargs)
    xsignal2(rt, Qwrong_number_of_arguments, fn, make_fixnum(nargs));
}

mval bytecode_call(mrt *rt, mval fn, int nargs, size_t base)
{
  const struct check *k = checked(rt, fn);
  if (k->error[0])
    mrt_error(rt, k->error);
  mval args = AREF(fn, COMPILED_ARGS);
  mval *bottom = rt->stack + base;
  size_t specpdl_count = rt->specpdl_depth;
  if (base + (size_t)k->nstack + (size_t)nargs + 16 > rt->stack_cap)
    xsignal1(rt, Qexcessive_lisp_nesting, make_fixnum(rt->lisp_eval_depth));
  int32_t depth = 0;
  if (FIXNUMP(args))
    depth = push_arguments(rt, XFIXNUM(args), nargs, bottom);
  else
    bind_arguments(rt, fn, args, nargs, bottom);
  gc_fill_values(bottom + depth, (size_t)(k->nstack - depth), Qnil);
  bottom[k->nstack] = fn;
  rt->stack_top = base + (size_t)k->nstack + 1;
  struct frame f = {rt, k, check_code(k), VECTOR_SLOTS(AREF(fn, COMPILED_CONSTANTS)), bottom,
                    rt->specpdl_depth};
  struct pos at = {f.code, bottom + depth - 1};
  run(&f, &at, 0);
  mval result = *at.sp;
  if (rt->specpdl_depth > specpdl_count)
    unbind_to(rt, specpdl_count);
  rt->stack_top = base;
  return result;
}

/* (byte-code BYTESTR VECTOR MAXDEPTH): the top-level forms of .elc
   files; runs the code as a function of no arguments. */
static mval Fbyte_code(mrt *rt, int n, mval *a)
{
  if (!STRINGP(a[0]) || !VECTORP(a[1]) || !FIXNUMP(a[2]) || XFIXNUM(a[2]) < 0)
    mrt_error(rt, "Invalid byte-code");
  mval slots[4] = {Qnil, a[0], a[1], a[2]};
  return funcall(rt, compiled_make(rt, 4, slots), 0, NULL);
}

/* (fetch-bytecode OBJECT): OBJECT, its lazily loaded code read in. */
static mval Ffetch_bytecode(mrt *rt, int n, mval *a)
{
  if (COMPILEDP(a[0]) && CONSP(AREF(a[0], COMPILED_CODE)))
    fetch_code(rt, a[0]);
  return a[0];
}

static const struct subr_def bytecode_subrs[] = {
  {"byte-code", Fbyte_code, 3, 3},
  {"fetch-bytecode", Ffetch_bytecode, 1, 1},
};

static void mark_bytecode_state(struct gc *g, void *ud)
{
  mrt *rt = ud;
  struct bytecode_state *st = rt->bytecode;
  gc_mark(g, tag_ptr((char *)st - sizeof(uint64_t), TAG_VECTORLIKE));
  gc_mark_array(g, st->prims, 256);
  gc_mark_array(g, st->helpers, H_COUNT);
}

/* The primitive NAME's subr when it can take NARGS arguments (padded
   with nil to at most 8), else the symbol to call. */
static mval primitive_for(mrt *rt, const char *name, int nargs)
{
  mval sym = intern(rt, name), f = XSYMBOL(rt, sym)->function;
  if (!PVECP(f, PVEC_SUBR))
    return sym;
  struct subr *s = XSUBR(f);
  bool fits = nargs < 0 ? s->max_args == ARGS_MANY
                        : s->min_args <= nargs && (s->max_args == ARGS_MANY ||
                                                   (s->max_args >= nargs && s->max_args <= 8));
  return fits ? f : sym;
}

void bytecode_init(mrt *rt)
{
  /* The state lives in the heap, so runtime_close frees it. */
  size_t words = 1 + (sizeof(struct bytecode_state) + 7) / 8;
  mval obj = gc_vectorlike(rt->gc, PVEC_OPAQUE, words, 0);
  struct bytecode_state *st = (struct bytecode_state *)(XVL(obj)->slots);
  for (int i = 0; i < 256; i++) {
    st->prims[i] = Qnil;
    st->nargs[i] = -1;
  }
  for (int i = 0; i < H_COUNT; i++)
    st->helpers[i] = Qnil;
  rt->bytecode = st;
  gc_add_roots(rt->gc, mark_bytecode_state, rt);
  for (size_t i = 0; i < sizeof primitive_ops / sizeof primitive_ops[0]; i++) {
    const struct primitive_op *p = &primitive_ops[i];
    st->nargs[p->op] = p->nargs < 0 ? -2 : p->nargs;
    st->prims[p->op] = primitive_for(rt, p->name, p->nargs);
  }
  for (int i = 0; i < H_COUNT; i++)
    st->helpers[i] = primitive_for(rt, helper_names[i], i == H_SAVE_EXCURSION || i == H_SAVE_RESTRICTION ? 0 : 1);
  gc_set_finalizer(rt->gc, PVEC_COMPILED, finalize_compiled, NULL);
  defsubrs(rt, bytecode_subrs, sizeof bytecode_subrs / sizeof bytecode_subrs[0]);
}
