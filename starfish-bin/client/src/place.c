/* place.c - see place.h */
#define _GNU_SOURCE
#include "place.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *sfc_check_dir(const char *path, unsigned uid, char *why, size_t why_len) {
    struct stat st;
    if (lstat(path, &st) != 0) {
        snprintf(why, why_len, "cannot stat it: %s", strerror(errno));
    } else if (S_ISLNK(st.st_mode)) {
        snprintf(why, why_len, "it is a symbolic link (owner uid %u), expected a directory", (unsigned)st.st_uid);
    } else if (!S_ISDIR(st.st_mode)) {
        snprintf(why, why_len, "it is not a directory (owner uid %u, mode %04o)", (unsigned)st.st_uid,
                 (unsigned)(st.st_mode & 07777));
    } else if (st.st_uid != uid || (st.st_mode & 077) != 0) {
        snprintf(why, why_len, "it has owner uid %u and mode %04o, expected owner uid %u and mode 0700",
                 (unsigned)st.st_uid, (unsigned)(st.st_mode & 07777), uid);
    } else {
        return NULL;
    }
    return why;
}

static void choose_dir(char *dir, size_t len, unsigned uid) {
    const char *xdg = getenv("XDG_RUNTIME_DIR");
    char why[256];
    if (xdg != NULL && xdg[0] == '/' && sfc_check_dir(xdg, uid, why, sizeof why) == NULL) {
        if ((size_t)snprintf(dir, len, "%s/starfish", xdg) < len) {
            return;
        }
    }
    const char *tmp = getenv("TMPDIR");
    if (tmp == NULL || tmp[0] != '/') {
        tmp = "/tmp";
    }
    if ((size_t)snprintf(dir, len, "%s/starfish-%u", tmp, uid) >= len) {
        sfc_fail(SFC_EXIT_USAGE, "TMPDIR is too long for the server's socket directory: %.200s...", tmp);
    }
}

/* name: out = DIR/INST-BUILD.SUFFIX, leaving room for the server's ".<pid>.tmp" name while it binds */
static void name(char *out, size_t len, const struct sfc_place *p, const char *suffix, size_t reserve) {
    int n = snprintf(out, len, "%s/%s-%s.%s", p->dir, p->inst, p->build, suffix);
    if (n < 0 || (size_t)n + reserve >= len) {
        len -= reserve;
        sfc_fail(SFC_EXIT_USAGE, "the server's socket path %s/%s-%s.%s is %d bytes, at most %zu fit in a Unix socket "
                 "address; set TMPDIR (or XDG_RUNTIME_DIR) to a shorter directory, or run with --no-server",
                 p->dir, p->inst, p->build, suffix, n, len - 1);
    }
}

void sfc_place_init(struct sfc_place *p, const char *inst, const char *build) {
    unsigned uid = (unsigned)geteuid();
    memcpy(p->inst, inst, sizeof p->inst);
    memcpy(p->build, build, sizeof p->build);
    choose_dir(p->dir, sizeof p->dir, uid);
    if (mkdir(p->dir, 0700) != 0 && errno != EEXIST) {
        sfc_fail(SFC_EXIT_USAGE, "cannot create the server's socket directory %s: %s", p->dir, strerror(errno));
    }
    char why[256];
    if (sfc_check_dir(p->dir, uid, why, sizeof why) != NULL) {
        sfc_fail(SFC_EXIT_USAGE, "the server's socket directory %s is not safe to use: %s; remove it or fix it "
                 "(chown, chmod 0700), or run with --no-server", p->dir, why);
    }
    name(p->sock, sizeof p->sock, p, "sock", SFC_TMP_SUFFIX_MAX);
    name(p->lock, sizeof p->lock, p, "lock", 0);
    name(p->log, sizeof p->log, p, "log", 0);
}
