/*
 * spawn.h - starting one server process and waiting until it accepts (launch.h
 * says when and under which lock).
 *
 * sfc_start_server forks; the child calls setsid, resets signal dispositions
 * and mask, puts /dev/null on stdin and the place's log on stdout and stderr,
 * closes every other fd, sets STARFISH_SERVER_SOCKET and STARFISH_SERVER_BUILD
 * and execs JAVA_COMMAND (with -XX:ErrorFile next to the socket when it is a
 * JVM). sfc_await_accept polls connect every 2 ms, backing off to 20 ms, for
 * up to SFC_START_SECONDS; exits 1 with one line when the server exits first
 * or does not accept in time (it is then sent SIGTERM).
 */
#ifndef STARFISH_CLIENT_SPAWN_H
#define STARFISH_CLIENT_SPAWN_H

#include <sys/types.h>

#include "place.h"

pid_t sfc_start_server(const struct sfc_place *p, char *const *java);
int sfc_await_accept(const struct sfc_place *p, pid_t pid);

/* sfc_absent: errno of a connect that found no server (no socket, or a stale one). */
int sfc_absent(int err);

/* sfc_now_s: CLOCK_MONOTONIC in seconds. */
double sfc_now_s(void);

#endif
