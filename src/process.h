/* process.h -- layer 5: asynchronous processes, as Emacs 28's
   make-process, make-pipe-process and make-network-process.  A child
   runs on a pty (process-connection-type, the default) or with its
   standard input a socket (written with MSG_NOSIGNAL: no SIGPIPE in
   the host) and its output and errors one pipe; it is its own process
   group (with a pty, its own session).  Output and status changes are
   handled only while Lisp waits (accept-process-output, sleep-for),
   one poll() serving processes, servers and timers.  Processes belong
   to one runtime: its process list is a root, and process_close kills
   and reaps the children still there and closes every descriptor. */
#ifndef MARROW_PROCESS_H
#define MARROW_PROCESS_H

#include "runtime.h"

/* Defines make-process and the process primitives in RT. */
void process_init(mrt *rt);

/* Waits up to SECONDS (negative: no limit) running due timers and
   handling process output and status changes.  With STOP_EARLY it
   returns once output came from WAIT_PROC (nil: from any process) or
   WAIT_PROC's status changed; JUST_THIS_ONE reads only WAIT_PROC.
   Whether output from WAIT_PROC (nil: any) was read. */
bool process_wait(mrt *rt, double seconds, mval wait_proc, bool just_this_one, bool stop_early);

/* Sends SIGHUP to the running processes of BUFFER, as kill-buffer
   does in Emacs (their sentinels hear "hangup" at the next wait). */
void process_hang_up(mrt *rt, mval buffer);

/* Kills the children of RT's live processes, reaps them and closes
   their descriptors (marrow_close). */
void process_close(mrt *rt);

#endif
