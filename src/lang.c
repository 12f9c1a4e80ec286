/* lang.c -- layer 5 assembled (see lang.h). */
#include "config.h"

#include "lang.h"
#include "arith.h"
#include "buffer.h"
#include "overlays.h"
#include "window.h"
#include "bytecode.h"
#include "charnames.h"
#include "coding.h"
#include "data.h"
#include "digest.h"
#include "textprop.h"
#include "chartab.h"
#include "compiled.h"
#include "eval.h"
#include "fns.h"
#include "hashtab.h"
#include "heapmap.h"
#include "json.h"
#include "load.h"
#include "fileio.h"
#include "printer.h"
#include "reader.h"
#include "strfns.h"
#include "sysfns.h"
#include "callproc.h"
#include "process.h"
#include "timefns.h"
#include "syntax.h"
#include "variables.h"

/* data first: it defines the predicates that later error data names;
   printer before reader and eval: it defines the standard errors. */
void lang_init(mrt *rt, const char *lispdir)
{
  data_init(rt);
  variables_init(rt);
  arith_init(rt);
  fns_init(rt);
  strfns_init(rt);
  charnames_init(rt);
  hashtab_init(rt);
  printer_init(rt);
  reader_init(rt);
  eval_init(rt);
  load_init(rt);
  fileio_init(rt);
  sysfns_init(rt);
  callproc_init(rt);
  process_init(rt);
  timefns_init(rt);
  digest_init(rt);
  textprop_init(rt);
  chartab_init(rt);
  compiled_init(rt);
  coding_init(rt);
  heapmap_init(rt);
  json_init(rt);
  buffer_init(rt);
  syntax_init(rt); /* gives *scratch* its table */
  overlays_init(rt);
  window_init(rt);
  bytecode_init(rt); /* its opcodes take the primitives defined so far */
  if (lispdir)
    load_set_lisp_dir(rt, lispdir);
}
