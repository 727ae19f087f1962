/*
 * server.h - starfish-exec --server: one long-lived process per JVM
 * launcher that starts and supervises every tool the JVM asks for.
 */
#ifndef STARFISH_SHIM_SERVER_H
#define STARFISH_SHIM_SERVER_H

#include "options.h"

/*
 * sf_serve: reads request frames (protocol.h) from stdin until it ends.
 * For each 'N' it forks a supervisor: a copy of the server that becomes a
 * child subreaper, creates the tool's output pipes, runs the tool exactly
 * as the per-spawn shim does (sf_run_tool: own session and process group,
 * CPU limit, timeout with SIGTERM -> grace -> SIGKILL, rusage, every
 * descendant killed and reaped) and writes the tool's output as 'O'/'E'
 * frames and then its report as one 'R' frame to stdout, then exits 0.
 * Each supervisor's lifeline is a pipe whose write end only the server
 * holds: 'K' writes a byte to it, and when the server ends - its stdin
 * reached EOF because the JVM exited or was killed, it got SIGTERM, SIGINT
 * or SIGHUP, or it was killed itself - the kernel closes it, so every
 * supervisor terminates its tool. A supervisor that ends without a report
 * (e.g. killed) is answered with an 'X' frame. On EOF the server waits for
 * its supervisors, then returns 0. A malformed request is answered with 'X'
 * naming the field; a malformed frame header is fatal (125).
 */
int sf_serve(const struct sf_options *options);

#endif
