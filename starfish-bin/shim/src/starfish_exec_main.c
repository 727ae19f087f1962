/*
 * starfish-exec: runs one native tool for the Starfish JVM launcher, in its
 * own process group, bounded by CPU and wall-clock limits, killed when the
 * JVM goes away, and reports how it ended. See ../README.md.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "clock.h"
#include "descendants.h"
#include "fatal.h"
#include "options.h"
#include "report.h"
#include "signals.h"
#include "spawn.h"
#include "supervise.h"

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
    int signal_fd = sf_signals_install();
    sf_become_subreaper();

    int64_t started = sf_now_ms();
    struct sf_spawn_request request = {options.tool_argv, options.cpu_limit_s};
    struct sf_spawn_outcome spawned;
    sf_spawn_tool(&request, &spawned);

    struct sf_report report;
    if (spawned.error != 0) {
        int status;
        struct rusage usage;
        sf_reap(spawned.pid, &status, &usage);
        sf_report_failed_to_start(&report, spawned.exit_code, spawned.stage, spawned.error, &usage,
                                  sf_now_ms() - started);
        (void)fprintf(stderr, "starfish-exec: could not start %s: %s\n", options.tool_argv[0],
                      report.error);
    } else {
        struct sf_supervise_config config = {
            .pid = spawned.pid,
            .signal_fd = signal_fd,
            .lifeline_fd = options.watch_lifeline ? STDIN_FILENO : -1,
            .timeout_s = options.timeout_s,
            .grace_s = options.grace_s,
        };
        struct sf_supervise_outcome outcome;
        sf_supervise(&config, &outcome);
        sf_report_from_wait(&report, outcome.wait_status, &outcome.usage, options.cpu_limit_s,
                            sf_now_ms() - started, outcome.timed_out);
    }
    if (options.report_path != NULL) {
        sf_report_write(options.report_path, &report);
    }
    mirror_exit(&report);
}
