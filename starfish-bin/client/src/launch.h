/*
 * launch.h - reaching the server of a place, starting it when there is none.
 *
 * A client connects to <place>.sock. When the socket does not exist or
 * refuses (a stale socket of a server that is gone), it takes an exclusive
 * flock on <place>.lock, connects again (another client may have started the
 * server meanwhile), else unlinks a stale socket and starts the server:
 * fork; the child calls setsid (its own session: the terminal's Ctrl-C never
 * reaches it), resets signal dispositions and mask, puts /dev/null on stdin
 * and <place>.log (0600, appended) on stdout and stderr, closes every other
 * fd, sets STARFISH_SERVER_SOCKET and STARFISH_SERVER_BUILD in the client's
 * environment and execs JAVA_COMMAND. The client polls connect every 2 ms,
 * backing off to 20 ms, for up to SFC_START_SECONDS; the lock is released once
 * connected. The server binds a temporary name and renames it onto .sock, so
 * a connect never reaches a half-started server. After a new server accepted,
 * every other build's <inst>-*.sock is sent a 'Z' (stop when idle).
 */
#ifndef STARFISH_CLIENT_LAUNCH_H
#define STARFISH_CLIENT_LAUNCH_H

#include <stddef.h>

#include "place.h"

#define SFC_START_SECONDS 60

/* sfc_connect_path: a new close-on-exec socket connected to path, or -1 with errno set. */
int sfc_connect_path(const char *path, int nonblocking);

enum sfc_reach_mode {
    SFC_REACH_OR_START,        /* start the server when none runs, and wait for it */
    SFC_REACH_OR_START_BESIDE, /* when none runs, start it in the background and return -1 at once */
    SFC_REACH_RUNNING,         /* never start one; wait for one being started */
};

/*
 * sfc_reach: a connected socket to the server of p.
 *   SFC_REACH_OR_START: as above; exits 1 with one line when connecting fails
 *     otherwise, when the server exits before it accepts (naming the log), or
 *     when it does not accept within SFC_START_SECONDS (it is then sent SIGTERM).
 *   SFC_REACH_OR_START_BESIDE (the default of bin/starfish): when no server
 *     runs, -1 at once, so that the caller runs its command in a JVM of its own;
 *     if no other client is starting one (the lock is free), a detached starter
 *     (own session, stdio on the log) is left holding the lock; it waits until
 *     this process (which goes on as the one-shot command) has exited, starts
 *     the server as above and exits once it accepts. The first command of a
 *     session so costs a one-shot call, not a server start, and is not slowed
 *     by a JVM starting beside it; commands while it starts run one-shot too.
 *   SFC_REACH_RUNNING (server status|stop): -1 when no server runs; a server
 *     being started (the lock is held) is waited for, up to SFC_START_SECONDS.
 */
int sfc_reach(const struct sfc_place *p, char *const *java, enum sfc_reach_mode mode);

/* sfc_exec_one_shot: execs path ARGS with STARFISH_SERVER=off (a command in a JVM of its own); exits 2 if it cannot. */
_Noreturn void sfc_exec_one_shot(const char *path, char **args, size_t n_args);

/* sfc_stop_other_builds: sends 'Z' to every <inst>-*.sock in p's directory of another installation build
 * (the first SFC_BUILD_INSTALL_HEX digits differ; a server of the same build in another context is left
 * alone); errors ignored. */
void sfc_stop_other_builds(const struct sfc_place *p);

#endif
