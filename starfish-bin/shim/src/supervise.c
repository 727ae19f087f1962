#define _GNU_SOURCE
#include "supervise.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "descendants.h"
#include "fatal.h"
#include "signals.h"

#define NO_DEADLINE (-1)

struct loop_state {
    const struct sf_supervise_config *config;
    int lifeline_fd;            /* -1 once it fired or when not watched */
    int64_t timeout_deadline;   /* absolute ms, or NO_DEADLINE */
    int64_t kill_deadline;      /* absolute ms, or NO_DEADLINE */
    bool terminating;
};

void sf_kill_group(pid_t pgid, int sig) {
    if (kill(-pgid, sig) == 0 || errno == ESRCH) {
        return;
    }
    if (errno == EPERM) {
        SF_WARN("kill(process group)");
        return;
    }
    SF_DIE("kill(process group)");
}

void sf_kill_tree(pid_t pgid, int sig) {
    sf_kill_group(pgid, sig);
    (void)sf_signal_descendants(sig, pgid);
}

void sf_reap(pid_t pid, int *status, struct rusage *usage) {
    while (wait4(pid, status, 0, usage) < 0) {
        if (errno != EINTR) {
            SF_DIE("wait4");
        }
    }
}

/* True once the tool has exited; leaves it unreaped (a zombie). */
static bool tool_has_exited(pid_t pid) {
    for (;;) {
        siginfo_t info;
        memset(&info, 0, sizeof info);
        if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0) {
            return info.si_pid == pid;
        }
        if (errno != EINTR) {
            SF_DIE("waitid");
        }
    }
}

static void begin_termination(struct loop_state *state) {
    if (state->terminating) {
        return;
    }
    state->terminating = true;
    state->timeout_deadline = NO_DEADLINE;
    if (state->config->grace_s <= 0) {
        sf_kill_tree(state->config->pid, SIGKILL);
        return;
    }
    sf_kill_tree(state->config->pid, SIGTERM);
    state->kill_deadline = sf_now_ms() + sf_seconds_to_ms(state->config->grace_s);
}

/* Applies expired deadlines; returns the poll timeout until the next one. */
static int handle_deadlines(struct loop_state *state, struct sf_supervise_outcome *outcome) {
    int64_t now = sf_now_ms();
    if (state->timeout_deadline != NO_DEADLINE && now >= state->timeout_deadline) {
        outcome->timed_out = true;
        begin_termination(state);
    }
    if (state->kill_deadline != NO_DEADLINE && now >= state->kill_deadline) {
        sf_kill_tree(state->config->pid, SIGKILL);
        state->kill_deadline = NO_DEADLINE;
    }
    int64_t next = NO_DEADLINE;
    if (state->timeout_deadline != NO_DEADLINE) {
        next = state->timeout_deadline;
    }
    if (state->kill_deadline != NO_DEADLINE && (next == NO_DEADLINE || state->kill_deadline < next)) {
        next = state->kill_deadline;
    }
    if (next == NO_DEADLINE) {
        return -1;
    }
    int64_t wait_ms = next - now;
    if (wait_ms < 0) {
        wait_ms = 0;
    }
    return wait_ms > 60000 ? 60000 : (int)wait_ms;
}

/* EOF, data or an error on the lifeline: the JVM is gone or wants us gone. */
static void handle_lifeline(struct loop_state *state, short revents,
                            struct sf_supervise_outcome *outcome) {
    if ((revents & (POLLIN | POLLHUP | POLLERR | POLLNVAL)) == 0) {
        return;
    }
    if ((revents & (POLLIN | POLLHUP)) != 0) {
        char byte;
        ssize_t n = read(state->lifeline_fd, &byte, 1);
        if (n < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)) {
            return;
        }
    }
    outcome->lifeline_lost = true;
    state->lifeline_fd = -1;
    begin_termination(state);
}

/* Reads what one relay pipe holds now (blocking: until its end) and passes it on; closes it at EOF. */
static void relay_stream(struct sf_relay *relay, int stream, char *buf, bool to_end) {
    for (;;) {
        ssize_t n = read(relay->fds[stream], buf, relay->chunk);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
            SF_DIE("read(tool output)");
        }
        if (n == 0) {
            (void)close(relay->fds[stream]);
            relay->fds[stream] = -1;
            return;
        }
        if (n > 0) {
            relay->emit(relay->ctx, stream, buf, (size_t)n);
        }
        if (!to_end) {
            return;
        }
    }
}

static void relay_ready(struct sf_relay *relay, const struct pollfd *fds, char *buf) {
    for (int stream = 0; stream < 2; stream++) {
        if (relay->fds[stream] >= 0 && (fds[stream].revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
            relay_stream(relay, stream, buf, false);
        }
    }
}

void sf_supervise(const struct sf_supervise_config *config, struct sf_supervise_outcome *outcome) {
    memset(outcome, 0, sizeof *outcome);
    struct loop_state state = {
        .config = config,
        .lifeline_fd = config->lifeline_fd,
        .timeout_deadline = config->timeout_s > 0
                                ? sf_now_ms() + sf_seconds_to_ms(config->timeout_s)
                                : NO_DEADLINE,
        .kill_deadline = NO_DEADLINE,
        .terminating = false,
    };

    struct sf_relay *relay = config->relay;
    char *buf = NULL;
    if (relay != NULL && (buf = malloc(relay->chunk)) == NULL) {
        SF_DIE("malloc");
    }
    while (!tool_has_exited(config->pid)) {
        int poll_timeout = handle_deadlines(&state, outcome);
        struct pollfd fds[4] = {
            {.fd = config->signal_fd, .events = POLLIN, .revents = 0},
            {.fd = state.lifeline_fd, .events = POLLIN, .revents = 0},
            {.fd = relay != NULL ? relay->fds[0] : -1, .events = POLLIN, .revents = 0},
            {.fd = relay != NULL ? relay->fds[1] : -1, .events = POLLIN, .revents = 0},
        };
        int ready = poll(fds, 4, poll_timeout);
        if (ready < 0) {
            if (errno == EINTR) {
                continue;
            }
            SF_DIE("poll");
        }
        if (fds[0].revents != 0 && (sf_signals_drain(config->signal_fd) & SF_GOT_TERMINATE) != 0) {
            outcome->forwarded = outcome->forwarded || !state.terminating;
            begin_termination(&state);
        }
        if (state.lifeline_fd >= 0) {
            handle_lifeline(&state, fds[1].revents, outcome);
        }
        if (relay != NULL) {
            relay_ready(relay, &fds[2], buf);
        }
    }
    /* Grandchildren may still hold the JVM's pipes open: end them too,
     * also those that left the group, and do not return while any lives. */
    sf_kill_group(config->pid, SIGKILL);
    sf_reap(config->pid, &outcome->wait_status, &outcome->usage);
    sf_reap_descendants(config->signal_fd);
    if (relay != NULL) { /* every writer is gone: what is left ends in EOF */
        for (int stream = 0; stream < 2; stream++) {
            if (relay->fds[stream] >= 0) {
                relay_stream(relay, stream, buf, true);
            }
        }
        free(buf);
    }
}
