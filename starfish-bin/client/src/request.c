/* request.c - see request.h */
#define _GNU_SOURCE
#include "request.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "frame.h"

extern char **environ;

static const char *add(struct sfc_buf *out, const char *s, const char *what, char *why, size_t why_len) {
    size_t len = strlen(s);
    if (len > SFC_MAX_STRING) {
        snprintf(why, why_len, "%s is %zu bytes long, at most %u", what, len, SFC_MAX_STRING);
        return why;
    }
    sfc_buf_add(out, s, len + 1);
    return NULL;
}

static void add_count(struct sfc_buf *out, size_t n) {
    char num[32];
    snprintf(num, sizeof num, "%zu", n);
    sfc_buf_str(out, num);
}

const char *sfc_request_encode(const struct sfc_request *r, struct sfc_buf *out, char *why, size_t why_len) {
    size_t start = out->len, envc = 0;
    for (char *const *e = r->env; *e != NULL; e++) {
        envc += strchr(*e, '=') != NULL;
    }
    if (r->n_args > SFC_MAX_WORDS || envc > SFC_MAX_WORDS) {
        snprintf(why, why_len, "%zu %s, at most %u", r->n_args > SFC_MAX_WORDS ? r->n_args : envc,
                 r->n_args > SFC_MAX_WORDS ? "arguments" : "environment variables", SFC_MAX_WORDS);
        return why;
    }
    sfc_buf_str(out, SFC_PROTOCOL_VERSION);
    if (add(out, r->cwd, "the working directory", why, why_len) != NULL) {
        return why;
    }
    add_count(out, r->n_args);
    for (size_t i = 0; i < r->n_args; i++) {
        if (add(out, r->args[i], "an argument", why, why_len) != NULL) {
            return why;
        }
    }
    add_count(out, envc);
    for (char *const *e = r->env; *e != NULL; e++) {
        if (strchr(*e, '=') != NULL && add(out, *e, "an environment variable", why, why_len) != NULL) {
            return why;
        }
    }
    char tty[4] = {r->tty[0], r->tty[1], r->tty[2], '\0'};
    sfc_buf_str(out, tty);
    add_count(out, r->columns);
    char mask[8];
    snprintf(mask, sizeof mask, "%04o", r->umask & 0777u);
    sfc_buf_str(out, mask);
    add_count(out, (size_t)r->pid);
    if (out->len - start > SFC_REQUEST_MAX) {
        snprintf(why, why_len, "the arguments and environment take %zu bytes, at most %u", out->len - start,
                 SFC_REQUEST_MAX);
        return why;
    }
    return NULL;
}

struct sfc_request sfc_request_here(char *const *args, size_t n_args, char **cwd_storage) {
    *cwd_storage = getcwd(NULL, 0);
    if (*cwd_storage == NULL) {
        sfc_fail(SFC_EXIT_USAGE, "cannot determine the working directory (%s); cd to a directory that exists",
                 strerror(errno));
    }
    mode_t mask = umask(077);
    umask(mask);
    struct sfc_request r = {*cwd_storage, args, n_args, environ, {'f', 'f', 'f'}, 0, (unsigned)mask, (long)getpid()};
    for (int fd = 0; fd < 3; fd++) {
        r.tty[fd] = isatty(fd) ? 't' : 'f';
    }
    static const int order[] = {1, 2, 0};
    for (int i = 0; i < 3; i++) {
        struct winsize ws;
        if (r.tty[order[i]] == 't' && ioctl(order[i], TIOCGWINSZ, &ws) == 0) {
            r.columns = ws.ws_col;
            break;
        }
    }
    return r;
}
