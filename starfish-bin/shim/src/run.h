/*
 * run.h - one supervised run of one tool, from spawn to report: what the
 * per-spawn shim does for its single tool and what each of the spawn
 * server's supervisors does for one request.
 */
#ifndef STARFISH_SHIM_RUN_H
#define STARFISH_SHIM_RUN_H

#include <stdbool.h>

#include "report.h"
#include "spawn.h"
#include "supervise.h"

struct sf_run_config {
    struct sf_spawn_request spawn; /* argv, env, cwd, output fds, CPU limit */
    double timeout_s;              /* wall-clock limit, 0 for none */
    double grace_s;                /* SIGTERM -> SIGKILL delay */
    int signal_fd;                 /* read end of the self-pipe (sf_signals_install) */
    int lifeline_fd;               /* fd to watch for EOF or data, or -1 */
    struct sf_relay *relay;        /* output to read and pass on, or NULL */
};

/*
 * sf_run_tool: spawns the tool (sf_spawn_tool), closes spawn.stdout_fd and
 * spawn.stderr_fd in the caller once the tool holds them (so a relay sees
 * EOF when the tool's tree is gone), supervises it to the end
 * (sf_supervise) and fills *report. A tool that could not be started is
 * reaped and reported as failed_to_start; with print_start_error its
 * "starfish-exec: could not start PATH: call: strerror" line also goes to
 * stderr. The caller must be a child subreaper with the signal handlers
 * installed.
 */
void sf_run_tool(const struct sf_run_config *config, struct sf_report *report, bool print_start_error);

#endif
