/* common.c - see common.h */
#define _POSIX_C_SOURCE 200809L
#include "common.h"
#include "snippet.h"
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void tool_std_flags(const char *tool, const char *usage, int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf("usage: %s %s\n", tool, usage);
            exit(0);
        }
        if (strcmp(argv[i], "--version") == 0) {
            printf("%s (starfish penguin) %s\n", tool, PG_VERSION_STRING);
            exit(0);
        }
    }
}

_Noreturn void tool_usage_error(const char *tool, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", tool);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " (try '%s --help')\n", tool);
    va_end(ap);
    exit(EXIT_USAGE);
}

_Noreturn void tool_fail(const char *tool, int code, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", tool);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    exit(code);
}

_Noreturn void tool_diag_exit(const char *tool, const char *file, const pg_diag *d, const char *text, size_t len,
                              int code) {
    pg_sbuf snippet = {0};
    pg_snippet(text, len, d, &snippet);
    fprintf(stderr, "%s: %s:%d:%d: %s\n%s", tool, file, d->line, d->col, d->msg,
            snippet.p && !snippet.oom ? snippet.p : "");
    pg_sbuf_free(&snippet);
    exit(code);
}

char *tool_read_file(const char *tool, const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) tool_fail(tool, EXIT_USAGE, "cannot read %s: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
        fclose(f);
        tool_fail(tool, EXIT_USAGE, "cannot read %s: not a regular file", path);
    }
    size_t cap = (size_t)st.st_size + 1, n = 0;
    char *buf = malloc(cap);
    if (!buf) { fclose(f); tool_fail(tool, EXIT_FAIL, "out of memory reading %s", path); }
    for (;;) {
        size_t r = fread(buf + n, 1, cap - n - 1, f);
        n += r;
        if (n < cap - 1) break;
        char *nb = realloc(buf, cap * 2);
        if (!nb) { free(buf); fclose(f); tool_fail(tool, EXIT_FAIL, "out of memory reading %s", path); }
        buf = nb; cap *= 2;
    }
    int err = ferror(f);
    fclose(f);
    if (err) { free(buf); tool_fail(tool, EXIT_USAGE, "cannot read %s: I/O error", path); }
    buf[n] = 0;
    *len = n;
    return buf;
}

long long tool_parse_i64(const char *tool, const char *flag, const char *v) {
    char *end;
    errno = 0;
    long long x = strtoll(v, &end, 10);
    if (errno || *end || end == v || x < 0) tool_usage_error(tool, "%s expects a non-negative integer, got '%s'", flag, v);
    return x;
}

void tool_in_out_args(const char *tool, const char *usage, int argc, char **argv, const char **in,
                      const char **out) {
    *in = NULL;
    *out = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-o") == 0) { *out = tool_need_arg(tool, argc, argv, i); i++; }
        else if (argv[i][0] == '-' && argv[i][1]) tool_usage_error(tool, "unknown flag '%s'", argv[i]);
        else if (!*in) *in = argv[i];
        else tool_usage_error(tool, "unexpected argument '%s'", argv[i]);
    }
    if (!*in || !*out) tool_usage_error(tool, "expected %s", usage);
}

const char *tool_need_arg(const char *tool, int argc, char **argv, int i) {
    if (i + 1 >= argc) tool_usage_error(tool, "%s needs a value", argv[i]);
    return argv[i + 1];
}
