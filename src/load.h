/* load.h -- layer 5: load, require, provide, load-path, file names. */
#ifndef MARROW_LOAD_H
#define MARROW_LOAD_H

#include "runtime.h"

/* Defines this module's primitives and variables in RT. */
void load_init(mrt *rt);

/* Puts DIR first on load-path (the Lisp library directory). */
void load_set_lisp_dir(mrt *rt, const char *dir);

/* Reads and evaluates every form of TEXT[0..LEN) in turn; returns the
   last value (nil for none).  NAME (may be NULL) names the source in
   read errors, which then carry NAME:line:column. */
mval load_eval_text(mrt *rt, const char *text, size_t len, const char *name);

/* Emacs's LOADHIST_ATTACH: notes ENTRY, something the code being
   loaded defines ((defun . F), a variable, (provide . F)...), on
   current-load-list, which load then files in load-history. */
void load_history_attach(mrt *rt, mval entry);

/* (load FILE NOERROR NOMESSAGE): t when loaded, nil when NOERROR and
   the file is missing.  Signals file-missing otherwise. */
mval load_file(mrt *rt, mval file, bool noerror, bool nomessage);
/* Loads FILE for an autoload, silently, marrow's own Lisp directory
   first on load-path: what Emacs preloads (files.el, simple.el...) is
   there whatever load-path a program has bound. */
mval load_autoload_file(mrt *rt, mval file);
/* The file (load FILE) would read, or nil. */
mval load_locate_file(mrt *rt, mval file);

/* Like (load FILE nil t), but FILE as given is tried first: that is
   what `marrow -l FILE` and `emacs -l FILE` do. */
void load_command_line_file(mrt *rt, const char *file);

/* The handler file-name-handler-alist has for OPERATION on FILE (see
   find-file-name-handler), or nil; Lisp is not asked while the alist
   is empty, or when FILE is no string. */
mval file_name_handler(mrt *rt, mval file, mval operation);

/* Whether the handler for OPERATION on FILE, or else on OTHER (nil for
   none), took the call (OPERATION ARGS[0..N)): its value is then in
   *RESULT.  Each file primitive asks this first, as in Emacs. */
bool file_handler_call(mrt *rt, mval operation, mval file, mval other, int n, const mval *args,
                       mval *result);

/* (expand-file-name NAME DIR), asking its handlers as Emacs does. */
mval file_expand_name(mrt *rt, mval name, mval dir);

/* ARGS[0], a file name, expanded into *PATH: whether the handler for
   OPERATION took (OPERATION PATH ARGS[1..N)), *RESULT then its value. */
bool file_expanded_handled(mrt *rt, mval operation, int n, const mval *args, mval *path, mval *result);

#endif
