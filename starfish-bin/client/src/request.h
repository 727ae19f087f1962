/*
 * request.h - the REQUEST ('Q') payload: NUL-terminated strings
 *   "2" (protocol version), cwd, argc, argc args, envc, envc NAME=value,
 *   tty flags (3 of 't'/'f': stdin, stdout, stderr), columns (0 unknown),
 *   the umask (4 octal digits) and the client's pid (decimal): the server
 *   creates the command's files under that umask and names the client's
 *   threads with that pid, so that a crash report can be traced to it.
 * Limits (the server refuses more): argc and envc <= SFC_MAX_WORDS, each
 * string <= SFC_MAX_STRING bytes, the payload <= SFC_REQUEST_MAX.
 */
#ifndef STARFISH_CLIENT_REQUEST_H
#define STARFISH_CLIENT_REQUEST_H

#include <stddef.h>

#include "fail.h"

#define SFC_PROTOCOL_VERSION "2"
#define SFC_MAX_WORDS 65536u
#define SFC_MAX_STRING (128u * 1024)

struct sfc_request {
    const char *cwd;
    char *const *args;
    size_t n_args;
    char *const *env; /* NULL-terminated; entries without '=' are left out */
    char tty[3];      /* 't' or 'f' for fds 0, 1, 2 */
    unsigned columns;
    unsigned umask;
    long pid;
};

/*
 * sfc_request_encode: appends the payload of r to out. Returns NULL, or the
 * limit that was exceeded (formatted into why; out is then unspecified).
 */
const char *sfc_request_encode(const struct sfc_request *r, struct sfc_buf *out, char *why, size_t why_len);

/*
 * sfc_request_here: the request of this process: cwd from getcwd (exits 2
 * with one line when it fails, e.g. a deleted directory), args, environ,
 * isatty of 0/1/2 and the width (TIOCGWINSZ) of the first terminal among
 * fds 1, 2, 0, the umask and getpid(). *cwd_storage must be freed by the caller.
 */
struct sfc_request sfc_request_here(char *const *args, size_t n_args, char **cwd_storage);

#endif
