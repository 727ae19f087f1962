#define _GNU_SOURCE
#include "signals.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "fatal.h"

static const int handled_signals[] = {SIGCHLD, SIGTERM, SIGINT, SIGHUP};
#define HANDLED_COUNT (sizeof handled_signals / sizeof handled_signals[0])

/* Write end of the self-pipe; the only state the handler needs. */
static volatile sig_atomic_t self_pipe_write_fd = -1;

static void on_signal(int sig) {
    int saved = errno;
    unsigned char byte = (unsigned char)sig;
    /* A full pipe already guarantees a wake-up; the byte may be dropped. */
    ssize_t ignored = write(self_pipe_write_fd, &byte, 1);
    (void)ignored;
    errno = saved;
}

/*
 * init_action: *action = handler, no flags, empty mask. Async-signal-safe
 * (memset, sigemptyset), so the forked child may use it. Returns
 * sigemptyset's result: 0, or -1 with errno set.
 */
static int init_action(struct sigaction *action, void (*handler)(int)) {
    memset(action, 0, sizeof *action);
    action->sa_handler = handler;
    return sigemptyset(&action->sa_mask);
}

static int open_self_pipe(void) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) {
        SF_DIE("pipe2");
    }
    self_pipe_write_fd = fds[1];
    return fds[0];
}

int sf_signals_reopen(int old_fd) {
    if (close(old_fd) != 0 || close(self_pipe_write_fd) != 0) {
        SF_DIE("close(self-pipe)");
    }
    return open_self_pipe();
}

int sf_signals_install(void) {
    int read_fd = open_self_pipe();

    struct sigaction action;
    if (init_action(&action, on_signal) != 0) {
        SF_DIE("sigemptyset");
    }
    action.sa_flags = SA_RESTART | SA_NOCLDSTOP;
    for (size_t i = 0; i < HANDLED_COUNT; i++) {
        if (sigaddset(&action.sa_mask, handled_signals[i]) != 0) {
            SF_DIE("sigaddset");
        }
    }
    for (size_t i = 0; i < HANDLED_COUNT; i++) {
        if (sigaction(handled_signals[i], &action, NULL) != 0) {
            SF_DIE("sigaction");
        }
    }
    struct sigaction ignore;
    if (init_action(&ignore, SIG_IGN) != 0) {
        SF_DIE("sigemptyset");
    }
    if (sigaction(SIGPIPE, &ignore, NULL) != 0) {
        SF_DIE("sigaction(SIGPIPE)");
    }
    return read_fd;
}

void sf_signals_block(sigset_t *old) {
    sigset_t set;
    if (sigemptyset(&set) != 0) {
        SF_DIE("sigemptyset");
    }
    for (size_t i = 0; i < HANDLED_COUNT; i++) {
        if (sigaddset(&set, handled_signals[i]) != 0) {
            SF_DIE("sigaddset");
        }
    }
    if (sigprocmask(SIG_BLOCK, &set, old) != 0) {
        SF_DIE("sigprocmask(SIG_BLOCK)");
    }
}

void sf_signals_restore(const sigset_t *old) {
    if (sigprocmask(SIG_SETMASK, old, NULL) != 0) {
        SF_DIE("sigprocmask(SIG_SETMASK)");
    }
}

int sf_signals_reset_for_exec(void) {
    struct sigaction dfl;
    if (init_action(&dfl, SIG_DFL) != 0) {
        return -1;
    }
    for (int sig = 1; sig < NSIG; sig++) {
        if (sig == SIGKILL || sig == SIGSTOP) {
            continue;
        }
        /* glibc reserves the first real-time signals and rejects them. */
        if (sigaction(sig, &dfl, NULL) != 0 && errno != EINVAL) {
            return -1;
        }
    }
    sigset_t empty;
    if (sigemptyset(&empty) != 0) {
        return -1;
    }
    return sigprocmask(SIG_SETMASK, &empty, NULL);
}

int sf_signals_drain(int signal_fd) {
    int got = 0;
    unsigned char buf[64];
    for (;;) {
        ssize_t n = read(signal_fd, buf, sizeof buf);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            if (errno == EAGAIN || errno == EWOULDBLOCK) {
                return got;
            }
            SF_DIE("read(self-pipe)");
        }
        if (n == 0) {
            return got;
        }
        for (ssize_t i = 0; i < n; i++) {
            got |= buf[i] == SIGCHLD ? SF_GOT_SIGCHLD : SF_GOT_TERMINATE;
        }
    }
}

void sf_signals_reraise(int sig) {
    struct rlimit no_core = {0, 0};
    if (setrlimit(RLIMIT_CORE, &no_core) != 0) {
        SF_WARN("setrlimit(RLIMIT_CORE)");
    }
    if (sig != SIGKILL && sig != SIGSTOP) { /* their action cannot be changed */
        struct sigaction dfl;
        if (init_action(&dfl, SIG_DFL) != 0) {
            SF_DIE("sigemptyset");
        }
        if (sigaction(sig, &dfl, NULL) != 0) {
            SF_WARN("sigaction(SIG_DFL)");
            return;
        }
    }
    sigset_t only;
    if (sigemptyset(&only) != 0 || sigaddset(&only, sig) != 0) {
        SF_DIE("sigaddset");
    }
    if (sigprocmask(SIG_UNBLOCK, &only, NULL) != 0) {
        SF_DIE("sigprocmask(SIG_UNBLOCK)");
    }
    if (raise(sig) != 0) {
        SF_WARN("raise");
    }
}

void sf_signal_name(int sig, char *buf, size_t len) {
    if (len == 0) {
        return;
    }
    if (sig == 0) {
        buf[0] = '\0';
        return;
    }
    if (sig >= SIGRTMIN && sig <= SIGRTMAX) {
        (void)snprintf(buf, len, "SIGRTMIN+%d", sig - SIGRTMIN);
        return;
    }
    const char *abbrev = sigabbrev_np(sig);
    if (abbrev != NULL) {
        (void)snprintf(buf, len, "SIG%s", abbrev);
    } else {
        (void)snprintf(buf, len, "SIG%d", sig);
    }
}
