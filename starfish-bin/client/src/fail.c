/* fail.c - see fail.h */
#include "fail.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void sfc_fail(int code, const char *fmt, ...) {
    char line[4096];
    int n = snprintf(line, sizeof line, "starfish: error: ");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line + n, sizeof line - (size_t)n - 1, fmt, ap);
    va_end(ap);
    size_t len = strlen(line);
    line[len++] = '\n';
    (void)sfc_write_all(2, line, len);
    exit(code);
}

int sfc_write_all(int fd, const void *buf, size_t len) {
    const char *p = buf;
    while (len > 0) {
        ssize_t n = write(fd, p, len);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            return -1;
        }
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

void *sfc_xmalloc(size_t n) {
    return sfc_xrealloc(NULL, n);
}

void *sfc_xrealloc(void *p, size_t n) {
    void *q = realloc(p, n == 0 ? 1 : n);
    if (q == NULL) {
        sfc_fail(SFC_EXIT_FAILED, "out of memory (%zu bytes)", n);
    }
    return q;
}

void sfc_buf_add(struct sfc_buf *b, const void *p, size_t n) {
    if (b->len + n > b->cap) {
        size_t cap = b->cap < 256 ? 256 : b->cap;
        while (cap < b->len + n) {
            cap *= 2;
        }
        b->data = sfc_xrealloc(b->data, cap);
        b->cap = cap;
    }
    if (n > 0) {
        memcpy(b->data + b->len, p, n);
    }
    b->len += n;
}

void sfc_buf_str(struct sfc_buf *b, const char *s) {
    sfc_buf_add(b, s, strlen(s) + 1);
}

void sfc_buf_drop(struct sfc_buf *b, size_t n) {
    memmove(b->data, b->data + n, b->len - n);
    b->len -= n;
}

void sfc_buf_free(struct sfc_buf *b) {
    free(b->data);
    *b = (struct sfc_buf){0};
}
