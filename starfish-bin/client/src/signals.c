/* signals.c - see signals.h */
#define _GNU_SOURCE
#include "signals.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "fail.h"

static volatile sig_atomic_t write_end = -1;

static void on_signal(int sig) {
    int saved = errno;
    unsigned char b = (unsigned char)sig;
    (void)!write(write_end, &b, 1); /* a full pipe drops the byte: plenty are queued already */
    errno = saved;
}

void sfc_ignore_sigpipe(void) {
    signal(SIGPIPE, SIG_IGN);
}

int sfc_catch_signals(void) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) {
        sfc_fail(SFC_EXIT_FAILED, "cannot create a pipe for signals: %s", strerror(errno));
    }
    write_end = fds[1];
    static const int caught[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof caught / sizeof caught[0]; i++) {
        struct sigaction old, sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sa.sa_flags = SA_RESTART;
        sigemptyset(&sa.sa_mask);
        if (sigaction(caught[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) {
            continue;
        }
        sigaction(caught[i], &sa, NULL);
    }
    return fds[0];
}
