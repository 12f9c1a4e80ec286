/* sysfns.h -- layer 5: process exit, environment, collector introspection. */
#ifndef MARROW_SYSFNS_H
#define MARROW_SYSFNS_H

#include "runtime.h"

/* Defines this module's primitives and variables in RT. */
void sysfns_init(mrt *rt);

/* Sets gc-cons-threshold, gc-cons-percentage and
   garbage-collection-messages from the configuration the runtime was
   opened with, so that Lisp sees (and keeps) the host's settings. */
void sysfns_sync_gc_config(mrt *rt, const struct gc_config *cfg);

/* Runs the function of every finalizer object the collector found
   unreachable (gc_take_doomed_finalizer), each once; an error in one
   is logged to *Messages* as Emacs logs it, a throw goes on out. */
void sysfns_run_finalizers(mrt *rt);

/* Runs the due timers through lisp/timer.el, as Emacs runs timers
   only while it waits: the seconds until the next timer, or a negative
   number when there is none. */
double sysfns_run_due_timers(mrt *rt);

/* Whether the process-environment entry ENTRY (LEN bytes) is the
   variable NAME's (N bytes): "NAME=VALUE", or a bare "NAME". */
bool environment_entry_named(const char *entry, size_t len, const char *name, size_t n);
mval environment_value(mrt *rt, mval name);

/* kill-emacs never calls exit(): it throws to this tag, with the exit
   code as a fixnum, and the API layer's protected call catches it and
   returns MARROW_EXIT.  An immediate, so no Lisp catch can match it. */
#define KILL_EMACS_TAG MAKE_IMMEDIATE(0x4b494c4c)

/* Throws CODE to KILL_EMACS_TAG with rt->killing set, so that the
   unwinding on the way runs no Lisp cleanup; whoever catches the tag
   clears it. */
_Noreturn void throw_kill_emacs(mrt *rt, mval code);

#endif
