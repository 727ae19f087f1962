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

#include "place.h"

#define SFC_START_SECONDS 60

/* sfc_connect_path: a new close-on-exec socket connected to path, or -1 with errno set. */
int sfc_connect_path(const char *path, int nonblocking);

/*
 * sfc_reach: a connected socket to the server of p. With may_start 0 it
 * returns -1 when no server runs (the socket is missing or stale) instead of
 * starting one. Exits 1 with one line when connecting fails otherwise, when
 * the server exits before it accepts (naming the log), or when it does not
 * accept within SFC_START_SECONDS (it is then sent SIGTERM).
 */
int sfc_reach(const struct sfc_place *p, char *const *java, int may_start);

/* sfc_stop_other_builds: sends 'Z' to every <inst>-*.sock in p's directory of another installation build
 * (the first SFC_BUILD_INSTALL_HEX digits differ; a server of the same build in another context is left
 * alone); errors ignored. */
void sfc_stop_other_builds(const struct sfc_place *p);

#endif
