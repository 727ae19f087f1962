#define _GNU_SOURCE
#include "run.h"

#include <stdio.h>
#include <unistd.h>

#include "clock.h"
#include "fatal.h"

static void close_tool_ends(const struct sf_spawn_request *spawn) {
    if (spawn->stdout_fd >= 0 && close(spawn->stdout_fd) != 0) {
        SF_DIE("close(tool stdout)");
    }
    if (spawn->stderr_fd >= 0 && spawn->stderr_fd != spawn->stdout_fd && close(spawn->stderr_fd) != 0) {
        SF_DIE("close(tool stderr)");
    }
}

void sf_run_tool(const struct sf_run_config *config, struct sf_report *report, bool print_start_error) {
    int64_t started = sf_now_ms();
    struct sf_spawn_outcome spawned;
    sf_spawn_tool(&config->spawn, &spawned);
    close_tool_ends(&config->spawn);

    if (spawned.error != 0) {
        int status;
        struct rusage usage;
        sf_reap(spawned.pid, &status, &usage);
        sf_report_failed_to_start(report, spawned.exit_code, spawned.stage, spawned.error, &usage,
                                  sf_now_ms() - started);
        if (print_start_error) {
            (void)fprintf(stderr, "starfish-exec: could not start %s: %s\n", config->spawn.argv[0],
                          report->error);
        }
        return;
    }
    struct sf_supervise_config supervise = {
        .pid = spawned.pid,
        .signal_fd = config->signal_fd,
        .lifeline_fd = config->lifeline_fd,
        .timeout_s = config->timeout_s,
        .grace_s = config->grace_s,
        .relay = config->relay,
    };
    struct sf_supervise_outcome outcome;
    sf_supervise(&supervise, &outcome);
    sf_report_from_wait(report, outcome.wait_status, &outcome.usage, config->spawn.cpu_limit_s,
                        sf_now_ms() - started, outcome.timed_out);
}
