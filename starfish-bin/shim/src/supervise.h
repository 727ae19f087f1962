/*
 * supervise.h - watching a running tool: its exit, the lifeline, the
 * wall-clock timeout and forwarded signals; killing its process group.
 */
#ifndef STARFISH_SHIM_SUPERVISE_H
#define STARFISH_SHIM_SUPERVISE_H

#include <stdbool.h>
#include <sys/resource.h>
#include <sys/types.h>

/*
 * Where the supervisor sends the tool's output when it reads it itself (the
 * spawn server): fds[0] and fds[1] are the read ends of the tool's stdout
 * and stderr pipes (-1 for none, e.g. stderr merged into stdout); every
 * chunk read is handed to emit(ctx, stream 0|1, data, len), in order.
 */
struct sf_relay {
    int fds[2];
    size_t chunk; /* largest chunk handed to emit at once, > 0 */
    void (*emit)(void *ctx, int stream, const char *data, size_t len);
    void *ctx;
};

struct sf_supervise_config {
    pid_t pid;        /* the tool; also its process group id */
    int signal_fd;    /* read end of the self-pipe (sf_signals_install) */
    int lifeline_fd;  /* fd to watch for EOF or data, or -1 for none */
    double timeout_s; /* wall-clock limit, 0 for none */
    double grace_s;   /* SIGTERM -> SIGKILL delay; 0 kills at once */
    struct sf_relay *relay; /* output to read and pass on, or NULL */
};

struct sf_supervise_outcome {
    int wait_status;     /* raw status from wait4 */
    struct rusage usage; /* the tool's rusage from wait4 */
    bool timed_out;      /* the wall-clock timeout started the termination */
    bool lifeline_lost;  /* EOF, data or an error on the lifeline did */
    bool forwarded;      /* a SIGTERM/SIGINT/SIGHUP to the shim did */
};

/*
 * sf_kill_group: sends `sig` to process group `pgid`. A group that no longer
 * exists (ESRCH) is fine; EPERM is reported as a warning; any other error is
 * fatal (125).
 */
void sf_kill_group(pid_t pgid, int sig);

/*
 * sf_kill_tree: sends `sig` to process group `pgid` (sf_kill_group) and to
 * every other descendant of the shim, including those that left the group
 * with setsid()/setpgid() (sf_signal_descendants).
 */
void sf_kill_tree(pid_t pgid, int sig);

/*
 * sf_reap: wait4 for `pid`, retried on EINTR, storing the raw status and the
 * rusage. Dies (125) on any other error.
 */
void sf_reap(pid_t pid, int *status, struct rusage *usage);

/*
 * sf_supervise: runs the event loop until the tool exits. It polls the
 * self-pipe and the lifeline with a poll timeout derived from the nearest
 * deadline (CLOCK_MONOTONIC). The first of: timeout expiry, lifeline EOF or
 * any byte on it (or POLLERR/POLLNVAL), or a forwarded signal starts the
 * termination: SIGTERM to the tool's process group, then SIGKILL after
 * grace_s (at once when grace_s is 0), each sent to the group and to every
 * descendant outside it (sf_kill_tree); later triggers do not restart it,
 * and the lifeline is no longer polled once it fired. When the tool has
 * exited (seen with waitid(WNOWAIT) so its pid stays reserved) the
 * remaining members of its process group get SIGKILL, the tool is reaped
 * with wait4, then every other descendant is killed and reaped
 * (sf_reap_descendants; the shim must be a subreaper). With a relay, the
 * output pipes are polled alongside and read as data arrives; once the
 * whole tree is reaped no writer is left, so they are read to their end
 * (then closed and set to -1). Returns the status, rusage and what started
 * a termination.
 */
void sf_supervise(const struct sf_supervise_config *config, struct sf_supervise_outcome *outcome);

#endif
