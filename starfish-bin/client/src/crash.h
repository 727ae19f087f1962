/*
 * crash.h - what a client says when its server ended under its command.
 *
 * The server runs with -XX:ErrorFile=<place>.hs_err_pid%p.log (the client
 * adds it when it starts one) and keeps, per command, <place>.client-<pid>
 * naming the command's working directory ("cwd=") and, once a compile has
 * one, its work directory ("workdir="). A thread working for a job of a
 * command is named "... [job X] [client PID]". When the socket ends without
 * an exit frame, every client of that server waits (up to SFC_DEATH_SECONDS)
 * for the server's pid (SO_PEERCRED) to be gone, then, under <place>.lock,
 * the first of them reads the crash report, moves it into the work directory
 * of the command whose thread crashed (else its working directory) and
 * writes <place>.crash-<server pid> ("signal=", "library=", "job=",
 * "client=", "report="); every client then prints one line from that note:
 * the crashing command the one-shot driver's line, every other command that
 * the server crashed while another command ran job X. Exit 134. Without a
 * crash report (the server was killed) the line says the server ended.
 */
#ifndef STARFISH_CLIENT_CRASH_H
#define STARFISH_CLIENT_CRASH_H

#include <stddef.h>

#include "place.h"

#define SFC_DEATH_SECONDS 30

/* What a crash report says; empty strings for what it does not. */
struct sfc_crash {
    char signal[32];
    char library[256];
    char job[256];
    long client;
};

/* sfc_crash_parse: fills *c from the text of a HotSpot crash report (text[0..len)). */
void sfc_crash_parse(const char *text, size_t len, struct sfc_crash *c);

/* sfc_server_ended: the server of p (pid, 0 if unknown) ended under this command; prints one line, exits 134. */
_Noreturn void sfc_server_ended(const struct sfc_place *p, long pid);

#endif
