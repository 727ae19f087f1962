/*
 * fail.h - how starfish-client reports errors and writes without losing bytes.
 *
 * Every message the client prints is one line on stderr starting with
 * "starfish: error: " (the user sees the client as `starfish`), then the client
 * exits with the code given. Exit codes: 1 the server could not be reached or
 * misbehaved, 2 bad input or an unsafe environment (usage, socket directory),
 * 134 the server ended during the command; otherwise the command's own code.
 */
#ifndef STARFISH_CLIENT_FAIL_H
#define STARFISH_CLIENT_FAIL_H

#include <stddef.h>

#define SFC_EXIT_FAILED 1
#define SFC_EXIT_USAGE 2
#define SFC_EXIT_CRASHED 134

/* sfc_fail: prints "starfish: error: " + the formatted text + "\n" to fd 2, exits with code. */
_Noreturn void sfc_fail(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * sfc_write_all: writes buf[0..len) to fd, retried on EINTR and short writes (fd blocking).
 * Returns 0, or -1 with errno set (EPIPE when the reader is gone; SIGPIPE is ignored).
 */
int sfc_write_all(int fd, const void *buf, size_t len);

/* sfc_xmalloc / sfc_xrealloc: allocation that exits 1 with one line when memory runs out. */
void *sfc_xmalloc(size_t n);
void *sfc_xrealloc(void *p, size_t n);

/* A growable byte buffer: data[0..len) valid, cap allocated. Zero-initialise to start empty. */
struct sfc_buf {
    char *data;
    size_t len, cap;
};
void sfc_buf_add(struct sfc_buf *b, const void *p, size_t n);
/* sfc_buf_str: adds s and its terminating NUL. */
void sfc_buf_str(struct sfc_buf *b, const char *s);
/* sfc_buf_drop: removes the first n bytes (n <= len). */
void sfc_buf_drop(struct sfc_buf *b, size_t n);
void sfc_buf_free(struct sfc_buf *b);

#endif
