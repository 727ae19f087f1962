/* outfile.c - the one way the tools write an output file (see common.h):
 * a private temporary name in the same directory renamed over a regular
 * file, or in place through our own handle for a character device or a
 * FIFO, which a rename would replace (`-o /dev/null` as root once turned
 * /dev/null into a regular file). */
#define _POSIX_C_SOURCE 200809L
#include "common.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int is_stream(mode_t m) { return S_ISCHR(m) || S_ISFIFO(m); }

static const char *kind_of(mode_t m) {
    if (S_ISDIR(m)) return "a directory";
    if (S_ISSOCK(m)) return "a socket";
    if (S_ISBLK(m)) return "a block device";
    return "not a regular file";
}

_Noreturn static void refuse(tool_out *o, const char *what) {
    tool_fail(o->tool, EXIT_USAGE, "cannot write %s: it is %s (expected a regular file, a FIFO or a character device)",
              o->path, what);
}

_Noreturn static void fail_errno(tool_out *o, int e) {
    tool_out_discard(o);
    tool_fail(o->tool, EXIT_USAGE, "cannot write %s: %s", o->path, strerror(e));
}

/* open_in_place: the existing stream, opened without O_CREAT or O_TRUNC
 * (a FIFO blocks here until a reader comes, like a shell redirection);
 * what was opened is checked again, as the name may have changed */
static FILE *open_in_place(tool_out *o) {
    int fd = open(o->path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) fail_errno(o, errno);
    struct stat st;
    if (fstat(fd, &st) != 0) { int e = errno; close(fd); fail_errno(o, e); }
    if (!is_stream(st.st_mode)) { close(fd); refuse(o, S_ISREG(st.st_mode) ? "a regular file now" : kind_of(st.st_mode)); }
    o->f = fdopen(fd, "wb");
    if (!o->f) { int e = errno; close(fd); fail_errno(o, e); }
    return o->f;
}

FILE *tool_out_open(tool_out *o, const char *tool, const char *path, mode_t mode) {
    memset(o, 0, sizeof *o);
    o->tool = tool; o->path = path; o->mode = mode;
    struct stat st;
    /* stat follows a symlink: one to /dev/null is written in place too */
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        if (!is_stream(st.st_mode)) refuse(o, kind_of(st.st_mode));
        return open_in_place(o);
    }
    size_t plen = strlen(path);
    o->tmp = malloc(plen + 16);
    if (!o->tmp) tool_fail(tool, EXIT_FAIL, "out of memory");
    snprintf(o->tmp, plen + 16, "%s.tmpXXXXXX", path);
    int fd = mkstemp(o->tmp);
    if (fd < 0) { int e = errno; free(o->tmp); o->tmp = NULL; fail_errno(o, e); }
    o->f = fdopen(fd, "wb");
    if (!o->f) { int e = errno; close(fd); fail_errno(o, e); }
    return o->f;
}

void tool_out_close(tool_out *o) {
    if (fflush(o->f) != 0) fail_errno(o, errno);
    if (o->tmp && (fchmod(fileno(o->f), o->mode) != 0 || fsync(fileno(o->f)) != 0)) fail_errno(o, errno);
    int r = fclose(o->f);
    o->f = NULL;
    if (r != 0) fail_errno(o, errno);
    if (!o->tmp) return;
    /* the name may have become a device since it was looked at: never rename over one */
    struct stat st;
    if (lstat(o->path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode)) {
        tool_out_discard(o);
        refuse(o, kind_of(st.st_mode));
    }
    if (rename(o->tmp, o->path) != 0) fail_errno(o, errno);
    free(o->tmp);
    o->tmp = NULL;
}

void tool_out_discard(tool_out *o) {
    if (o->f) fclose(o->f);
    o->f = NULL;
    if (o->tmp) { unlink(o->tmp); free(o->tmp); }
    o->tmp = NULL;
}

void tool_write_file(const char *tool, const char *path, const void *data, size_t n) {
    tool_out o;
    FILE *f = tool_out_open(&o, tool, path, 0644);
    if (n && fwrite(data, 1, n, f) != n) fail_errno(&o, errno ? errno : EIO);
    tool_out_close(&o);
}
