/*
 * spew BYTES [out|err|both]: writes exactly BYTES bytes to stdout (default),
 * stderr, or each of both, as fast as possible. The text is 64-byte lines:
 * line k (from 0) is k as 20 zero-padded digits, 43 '.' and '\n'; the last
 * line is cut short when BYTES is not a multiple of 64. Exit 0, 1 on a write
 * error, 2 on bad usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LINE 64
#define LINES_PER_CHUNK 1024

static int spew(int fd, unsigned long long total) {
    static char chunk[LINE * LINES_PER_CHUNK];
    unsigned long long line = 0;
    while (total > 0) {
        for (int i = 0; i < LINES_PER_CHUNK; i++) {
            char *p = chunk + i * LINE;
            (void)snprintf(p, 21, "%020llu", line + (unsigned long long)i);
            memset(p + 20, '.', 43);
            p[63] = '\n';
        }
        size_t want = total < sizeof chunk ? (size_t)total : sizeof chunk;
        for (size_t done = 0; done < want;) {
            ssize_t n = write(fd, chunk + done, want - done);
            if (n < 0) {
                if (errno == EINTR) {
                    continue;
                }
                perror("spew: write");
                return 1;
            }
            done += (size_t)n;
        }
        total -= want;
        line += LINES_PER_CHUNK;
    }
    return 0;
}

int main(int argc, char **argv) {
    char *end = NULL;
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: spew BYTES [out|err|both]\n");
        return 2;
    }
    unsigned long long total = strtoull(argv[1], &end, 10);
    if (end == argv[1] || *end != '\0' || argv[1][0] == '-') {
        fprintf(stderr, "spew: BYTES must be a whole number, got '%s'\n", argv[1]);
        return 2;
    }
    const char *where = argc == 3 ? argv[2] : "out";
    int rc = 0;
    if (strcmp(where, "out") == 0 || strcmp(where, "both") == 0) {
        rc |= spew(STDOUT_FILENO, total);
    }
    if (strcmp(where, "err") == 0 || strcmp(where, "both") == 0) {
        rc |= spew(STDERR_FILENO, total);
    } else if (strcmp(where, "out") != 0) {
        fprintf(stderr, "spew: stream must be out, err or both, got '%s'\n", where);
        return 2;
    }
    return rc;
}
