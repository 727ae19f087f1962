/* relay.c - see relay.h */
#define _GNU_SOURCE
#include "relay.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "crash.h"
#include "frame.h"


struct relay {
    int sock, signal_fd;
    struct sfc_buf queue; /* frames not yet written to sock */
    int want_stdin, stdin_done, sock_dead, stdout_gone;
    const struct sfc_place *place;
    long server_pid;
    struct sfc_reader reader;
};

/* Frames the server sent; returns -1 to go on, else the exit code. */
static int on_frame(struct relay *r, const struct sfc_frame *f) {
    switch (f->type) {
    case SFC_STDOUT:
        /* As in a one-shot JVM (whose System.out swallows the error), a reader that went away
         * does not stop the command: its output is dropped and the command's own code returned. */
        if (!r->stdout_gone && sfc_write_all(1, f->payload, f->length) != 0) {
            r->stdout_gone = 1;
        }
        return -1;
    case SFC_STDERR:
        (void)sfc_write_all(2, f->payload, f->length);
        return -1;
    case SFC_WANT_STDIN:
        r->want_stdin = 1;
        return -1;
    default: /* SFC_EXIT: the reader admits no other type */
        return (int)f->exit_code;
    }
}

static int from_server(struct relay *r) {
    static unsigned char buf[SFC_FRAME_MAX];
    ssize_t n = read(r->sock, buf, sizeof buf);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) {
        return -1;
    }
    if (n <= 0) {
        sfc_server_ended(r->place, r->server_pid);
    }
    const unsigned char *in = buf;
    size_t left = (size_t)n;
    for (;;) {
        struct sfc_frame f;
        char why[160];
        enum sfc_read_result got = sfc_reader_next(&r->reader, &in, &left, &f, why, sizeof why);
        if (got == SFC_READ_MORE) {
            return -1;
        }
        if (got == SFC_READ_BAD) {
            sfc_fail(SFC_EXIT_FAILED, "the Starfish server broke the protocol: it sent %s; its log: %s", why, r->place->log);
        }
        int code = on_frame(r, &f);
        if (code >= 0) {
            return code;
        }
    }
}

static void from_stdin(struct relay *r) {
    static char buf[SFC_FRAME_MAX];
    ssize_t n = read(0, buf, sizeof buf);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) {
        return;
    }
    if (n > 0) {
        sfc_frame_put(&r->queue, SFC_STDIN, buf, (size_t)n);
    } else {
        sfc_frame_put(&r->queue, SFC_STDIN_EOF, NULL, 0);
        r->stdin_done = 1;
    }
}

static void from_signals(struct relay *r) {
    unsigned char sigs[64];
    ssize_t n = read(r->signal_fd, sigs, sizeof sigs);
    for (ssize_t i = 0; i < n; i++) {
        sfc_frame_put(&r->queue, SFC_SIGNAL, &sigs[i], 1);
    }
}

/* to_server: writes what the socket takes; a server that stopped reading is noticed by the read side. */
static void to_server(struct relay *r) {
    ssize_t n = write(r->sock, r->queue.data, r->queue.len);
    if (n > 0) {
        sfc_buf_drop(&r->queue, (size_t)n);
    } else if (n < 0 && errno != EINTR && errno != EAGAIN) {
        r->sock_dead = 1;
        r->queue.len = 0;
    }
}

static int loop(struct relay *r) {
    for (;;) {
        struct pollfd fds[3] = {{r->sock, POLLIN, 0}, {r->signal_fd, POLLIN, 0}, {0, POLLIN, 0}};
        if (r->queue.len > 0) {
            fds[0].events |= POLLOUT;
        }
        nfds_t nfds = r->want_stdin && !r->stdin_done && !r->sock_dead && r->queue.len < SFC_FRAME_MAX ? 3 : 2;
        if (poll(fds, nfds, -1) < 0) {
            if (errno == EINTR) {
                continue;
            }
            sfc_fail(SFC_EXIT_FAILED, "poll: %s", strerror(errno));
        }
        if (fds[1].revents & POLLIN) {
            from_signals(r);
        }
        if (nfds == 3 && fds[2].revents != 0) {
            from_stdin(r);
        }
        if ((fds[0].revents & POLLOUT) && r->queue.len > 0) {
            to_server(r);
        }
        if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
            int code = from_server(r);
            if (code >= 0) {
                return code;
            }
        }
    }
}

int sfc_relay(int sock, int signal_fd, struct sfc_buf *request, const struct sfc_place *place) {
    struct relay *r = sfc_xmalloc(sizeof *r);
    memset(r, 0, sizeof *r);
    r->sock = sock, r->signal_fd = signal_fd, r->place = place, r->queue = *request;
    struct ucred peer;
    socklen_t peer_len = sizeof peer;
    if (getsockopt(sock, SOL_SOCKET, SO_PEERCRED, &peer, &peer_len) == 0) {
        r->server_pid = peer.pid;
    }
    *request = (struct sfc_buf){0};
    sfc_reader_init(&r->reader);
    int flags = fcntl(sock, F_GETFL);
    if (flags < 0 || fcntl(sock, F_SETFL, flags | O_NONBLOCK) != 0) {
        sfc_fail(SFC_EXIT_FAILED, "fcntl(O_NONBLOCK) on the server socket: %s", strerror(errno));
    }
    int code = loop(r);
    close(sock);
    sfc_buf_free(&r->queue);
    free(r);
    return code;
}
