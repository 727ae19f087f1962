/*
 * starfish-exec: runs one native tool for the Starfish JVM launcher, in its
 * own process group, bounded by CPU and wall-clock limits, killed when the
 * JVM goes away, and reports how it ended; with --server, the same for
 * every tool the JVM asks it to start. See ../README.md.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "descendants.h"
#include "options.h"
#include "report.h"
#include "run.h"
#include "server.h"
#include "signals.h"

/* Ends the shim the way the tool ended: same exit code, or same signal. */
static _Noreturn void mirror_exit(const struct sf_report *report) {
    if (report->status == SF_STATUS_SIGNALED) {
        sf_signals_reraise(report->signal);
        exit(128 + report->signal);
    }
    exit(report->exit_code);
}

int main(int argc, char **argv) {
    struct sf_options options;
    sf_parse_options(argc, argv, &options);
    sf_ensure_standard_fds();
    if (options.server) {
        return sf_serve(&options);
    }
    int signal_fd = sf_signals_install();
    sf_become_subreaper();

    struct sf_run_config config = {
        .spawn = {.argv = options.tool_argv, .envp = NULL, .cwd = NULL, .stdout_fd = -1,
                  .stderr_fd = -1, .cpu_limit_s = options.cpu_limit_s},
        .timeout_s = options.timeout_s,
        .grace_s = options.grace_s,
        .signal_fd = signal_fd,
        .lifeline_fd = options.watch_lifeline ? STDIN_FILENO : -1,
        .relay = NULL,
    };
    struct sf_report report;
    sf_run_tool(&config, &report, true);
    if (options.report_path != NULL) {
        sf_report_write(options.report_path, &report);
    }
    mirror_exit(&report);
}
