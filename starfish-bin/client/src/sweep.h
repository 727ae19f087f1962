/*
 * sweep.h - the files that servers of other builds leave in the socket
 * directory: each build of each installation has its .lock and .log, and may
 * have .crash-<pid>, .client-<pid> and .hs_err_pid<pid>.log files, and no
 * server removes them when it exits (a log says why its server exited; a
 * crash note is read by the clients of that crash). Without a sweep every
 * upgrade, edited setting or other JDK leaves two files or more for good.
 */
#ifndef STARFISH_CLIENT_SWEEP_H
#define STARFISH_CLIENT_SWEEP_H

#include <time.h>

#include "place.h"

/* A build's files are left alone until the newest of them is this old. */
#define SFC_LEFTOVER_DAYS 7

/*
 * sfc_sweep_leftovers: removes every file of a build other than p's (any
 * installation) that has no socket in p->dir, whose .lock nobody holds
 * (taken with LOCK_NB while its files are removed, so a server being started
 * keeps its log) and whose newest file was modified more than
 * SFC_LEFTOVER_DAYS before now. Only names of the form
 * <12 hex>-<16 hex>.<kind> are considered; a symbolic link is removed as
 * itself, never followed. Best effort: what cannot be read or removed stays.
 * Returns the number of files removed.
 */
int sfc_sweep_leftovers(const struct sfc_place *p, time_t now);

#endif
