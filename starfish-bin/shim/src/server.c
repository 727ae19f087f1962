#define _GNU_SOURCE
#include "server.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "descendants.h"
#include "fatal.h"
#include "protocol.h"
#include "run.h"
#include "signals.h"

/* One supervisor the server started: its spawn id, pid and lifeline. */
struct supervisor {
    uint32_t id;
    pid_t pid;
    int lifeline; /* write end; -1 once pulled */
};

struct server {
    int signal_fd;
    struct supervisor *running;
    size_t count, capacity;
};

/* The response pipe as the relay's sink; once the JVM is gone output is dropped. */
struct frame_sink {
    uint32_t id;
    bool broken;
};

static void emit_frame(void *ctx, int stream, const char *data, size_t len) {
    struct frame_sink *sink = ctx;
    if (!sink->broken
        && sf_frame_write(STDOUT_FILENO, stream == 0 ? SF_RSP_STDOUT : SF_RSP_STDERR, sink->id, data, len) != 0) {
        sink->broken = true; /* EPIPE: nobody reads any more; the lifeline ends the tool */
    }
}

static void answer_lost(uint32_t id, const char *why) {
    (void)sf_frame_write(STDOUT_FILENO, SF_RSP_LOST, id, why, strlen(why));
}

static void make_pipe(int fds[2]) {
    if (pipe2(fds, O_CLOEXEC) != 0) {
        SF_DIE("pipe2");
    }
}

/* In the forked supervisor: runs the request's tool, reports, never returns. */
static _Noreturn void supervise_request(struct server *server, uint32_t id, struct sf_spawn_spec *spec,
                                        int lifeline, const sigset_t *old_mask) {
    for (size_t i = 0; i < server->count; i++) {
        if (server->running[i].lifeline >= 0) {
            (void)close(server->running[i].lifeline); /* only the server may hold them */
        }
    }
    int null_fd = open("/dev/null", O_RDONLY);
    if (null_fd < 0 || dup2(null_fd, STDIN_FILENO) < 0 || close(null_fd) != 0) {
        SF_DIE("open(/dev/null) over the request pipe");
    }
    int signal_fd = sf_signals_reopen(server->signal_fd);
    sf_signals_restore(old_mask);
    sf_become_subreaper();

    int out[2], err[2] = {-1, -1};
    make_pipe(out);
    if (!spec->merge_stderr) {
        make_pipe(err);
    }
    struct frame_sink sink = {id, false};
    struct sf_relay relay = {{out[0], err[0]}, SF_FRAME_MAX - SF_FRAME_HEADER, emit_frame, &sink};
    struct sf_run_config config = {
        .spawn = {.argv = spec->argv, .envp = spec->envp, .cwd = spec->cwd, .stdout_fd = out[1],
                  .stderr_fd = spec->merge_stderr ? out[1] : err[1], .cpu_limit_s = spec->cpu_limit_s},
        .timeout_s = spec->timeout_s,
        .grace_s = spec->grace_s,
        .signal_fd = signal_fd,
        .lifeline_fd = lifeline,
        .relay = &relay,
    };
    struct sf_report report;
    sf_run_tool(&config, &report, false);
    char text[1024];
    int len = sf_report_format(&report, text, sizeof text);
    if (len < 0 || (size_t)len >= sizeof text) {
        errno = EOVERFLOW;
        SF_DIE("snprintf(report)");
    }
    if (!sink.broken && sf_frame_write(STDOUT_FILENO, SF_RSP_REPORT, id, text, (size_t)len) != 0 && errno != EPIPE) {
        SF_DIE("write(report frame)");
    }
    _exit(0);
}

static void start_supervisor(struct server *server, uint32_t id, struct sf_spawn_spec *spec) {
    if (server->count == server->capacity) {
        size_t capacity = server->capacity == 0 ? 16 : 2 * server->capacity;
        struct supervisor *grown = realloc(server->running, capacity * sizeof *grown);
        if (grown == NULL) {
            SF_DIE("realloc");
        }
        server->running = grown;
        server->capacity = capacity;
    }
    int lifeline[2];
    make_pipe(lifeline);
    sigset_t old_mask;
    sf_signals_block(&old_mask);
    pid_t pid = fork();
    if (pid < 0) {
        SF_DIE("fork");
    }
    if (pid == 0) {
        (void)close(lifeline[1]);
        supervise_request(server, id, spec, lifeline[0], &old_mask);
    }
    sf_signals_restore(&old_mask);
    if (close(lifeline[0]) != 0) {
        SF_DIE("close(lifeline)");
    }
    server->running[server->count++] = (struct supervisor){id, pid, lifeline[1]};
}

static void pull_lifeline(struct supervisor *supervisor) {
    if (supervisor->lifeline < 0) {
        return;
    }
    char byte = 'k';
    ssize_t ignored = write(supervisor->lifeline, &byte, 1); /* EPIPE: it is ending anyway */
    (void)ignored;
    (void)close(supervisor->lifeline);
    supervisor->lifeline = -1;
}

/* Reads one request; returns false at the end of the request stream. */
static bool handle_request(struct server *server) {
    struct sf_frame_header header;
    if (!sf_frame_read_header(STDIN_FILENO, &header)) {
        return false;
    }
    if (header.type == SF_REQ_KILL && header.length == 0) {
        for (size_t i = 0; i < server->count; i++) {
            if (server->running[i].id == header.id) {
                pull_lifeline(&server->running[i]);
            }
        }
        return true;
    }
    if (header.type != SF_REQ_SPAWN || header.length > SF_REQUEST_MAX) {
        errno = EPROTO;
        SF_DIE("read(request): expected an 'N' frame of at most 64 MiB or an empty 'K' frame");
    }
    char *payload = malloc(header.length + 1);
    if (payload == NULL) {
        SF_DIE("malloc(request)");
    }
    sf_read_exact(STDIN_FILENO, payload, header.length);
    struct sf_spawn_spec spec;
    const char *problem = sf_parse_spawn(payload, header.length, &spec);
    if (problem != NULL) {
        char why[256];
        (void)snprintf(why, sizeof why, "malformed spawn request: %s", problem);
        answer_lost(header.id, why);
    } else {
        start_supervisor(server, header.id, &spec);
        sf_free_spawn(&spec);
    }
    free(payload);
    return true;
}

/* Reaps ended supervisors (blocking until none is left when `all`); answers those that died unreported. */
static void reap_supervisors(struct server *server, bool all) {
    for (;;) {
        int status;
        pid_t pid = waitpid(-1, &status, all ? 0 : WNOHANG);
        if (pid < 0 && errno == EINTR) {
            continue;
        }
        if (pid < 0 && errno != ECHILD) {
            SF_DIE("waitpid");
        }
        if (pid <= 0) {
            return;
        }
        for (size_t i = 0; i < server->count; i++) {
            if (server->running[i].pid != pid) {
                continue;
            }
            if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
                char why[128];
                (void)snprintf(why, sizeof why, "the supervisor of this tool ended without a report (%s %d)",
                               WIFEXITED(status) ? "exit status" : "signal",
                               WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
                answer_lost(server->running[i].id, why);
            }
            if (server->running[i].lifeline >= 0) {
                (void)close(server->running[i].lifeline);
            }
            server->running[i] = server->running[--server->count];
            break;
        }
    }
}

int sf_serve(const struct sf_options *options) {
    (void)options;
    struct server server = {sf_signals_install(), NULL, 0, 0};
    bool serving = true;
    while (serving) {
        struct pollfd fds[2] = {
            {.fd = server.signal_fd, .events = POLLIN, .revents = 0},
            {.fd = STDIN_FILENO, .events = POLLIN, .revents = 0},
        };
        if (poll(fds, 2, -1) < 0) {
            if (errno == EINTR) {
                continue;
            }
            SF_DIE("poll");
        }
        if (fds[0].revents != 0) {
            int got = sf_signals_drain(server.signal_fd);
            reap_supervisors(&server, false);
            serving = (got & SF_GOT_TERMINATE) == 0;
        }
        if (serving && fds[1].revents != 0) {
            serving = handle_request(&server);
        }
    }
    for (size_t i = 0; i < server.count; i++) {
        pull_lifeline(&server.running[i]);
    }
    reap_supervisors(&server, true);
    free(server.running);
    return 0;
}
