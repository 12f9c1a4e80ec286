/* callproc.h -- layer 5: running programs synchronously, as Emacs 28's
   call-process and call-process-region.  A child is started with
   fork and exec (no shell), its output read through a pipe and the
   child waited for before the call returns; nothing process-wide is
   changed (SIGCHLD and SIGPIPE dispositions stay the host's), and every
   descriptor opened is closed on every path. */
#ifndef MARROW_CALLPROC_H
#define MARROW_CALLPROC_H

#include "runtime.h"

/* Defines call-process, call-process-region and exec-path in RT. */
void callproc_init(mrt *rt);

/* What make-process shares (signalling as call-process does): the
   environment from process-environment (a malloc'd array pointing
   into its strings), the working directory from default-directory,
   and PROGRAM's file along exec-path (relative names from DIR). */
char **callproc_environment(mrt *rt);
mval callproc_directory(mrt *rt);
/* The file name handler for OPERATION on FILE (find-file-name-handler,
   asked only when file-name-handler-alist has entries), or nil. */
mval callproc_file_handler(mrt *rt, mval file, mval operation);
mval callproc_find_program(mrt *rt, mval program, mval dir);

#endif
