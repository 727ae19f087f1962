/* sweep.c - see sweep.h */
#define _GNU_SOURCE
#include "sweep.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fail.h"

#define KEY_LEN (SFC_INST_HEX + 1 + SFC_BUILD_HEX) /* <inst>-<build> */

static int is_hex(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f'))) {
            return 0;
        }
    }
    return 1;
}

/* True when name is <inst>-<build>.<something>: a file of some server build. */
static int is_build_file(const char *name) {
    return strlen(name) > KEY_LEN + 1 && is_hex(name, SFC_INST_HEX) && name[SFC_INST_HEX] == '-'
           && is_hex(name + SFC_INST_HEX + 1, SFC_BUILD_HEX) && name[KEY_LEN] == '.';
}

/* The distinct <inst>-<build> keys of the directory's build files, but own; *n receives their count. */
static char (*keys_in(DIR *d, const char *own, size_t *n))[KEY_LEN + 1] {
    size_t cap = 16;
    char (*keys)[KEY_LEN + 1] = sfc_xmalloc(cap * sizeof *keys);
    *n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!is_build_file(e->d_name) || strncmp(e->d_name, own, KEY_LEN) == 0) {
            continue;
        }
        size_t i = 0;
        while (i < *n && strncmp(keys[i], e->d_name, KEY_LEN) != 0) {
            i++;
        }
        if (i < *n) {
            continue;
        }
        if (*n == cap) {
            cap *= 2;
            keys = sfc_xrealloc(keys, cap * sizeof *keys);
        }
        memcpy(keys[*n], e->d_name, KEY_LEN);
        keys[(*n)++][KEY_LEN] = '\0';
    }
    return keys;
}

/* The newest modification time of key's files, and whether one of them is its socket. */
static time_t newest_of(int dir, DIR *d, const char *key, int *has_socket) {
    time_t newest = 0;
    *has_socket = 0;
    rewinddir(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        struct stat st;
        if (!is_build_file(e->d_name) || strncmp(e->d_name, key, KEY_LEN) != 0
            || fstatat(dir, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
            continue;
        }
        *has_socket |= strcmp(e->d_name + KEY_LEN, ".sock") == 0;
        newest = st.st_mtime > newest ? st.st_mtime : newest;
    }
    return newest;
}

static int remove_files_of(int dir, DIR *d, const char *key) {
    int removed = 0;
    rewinddir(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (is_build_file(e->d_name) && strncmp(e->d_name, key, KEY_LEN) == 0
            && strcmp(e->d_name + KEY_LEN, ".lock") != 0 && unlinkat(dir, e->d_name, 0) == 0) {
            removed++;
        }
    }
    return removed;
}

static int sweep_key(int dir, DIR *d, const char *key, time_t now) {
    int has_socket;
    time_t newest = newest_of(dir, d, key, &has_socket);
    if (has_socket || now - newest <= (time_t)SFC_LEFTOVER_DAYS * 24 * 3600) {
        return 0;
    }
    char lock_name[KEY_LEN + sizeof ".lock"];
    snprintf(lock_name, sizeof lock_name, "%s.lock", key);
    int lock = openat(dir, lock_name, O_RDWR | O_NOFOLLOW | O_CLOEXEC);
    if (lock >= 0 && flock(lock, LOCK_EX | LOCK_NB) != 0) {
        close(lock); /* a server of that build is being started */
        return 0;
    }
    int removed = remove_files_of(dir, d, key);
    if (unlinkat(dir, lock_name, 0) == 0) { /* last, while held */
        removed++;
    }
    if (lock >= 0) {
        close(lock);
    }
    return removed;
}

int sfc_sweep_leftovers(const struct sfc_place *p, time_t now) {
    DIR *d = opendir(p->dir);
    if (d == NULL) {
        return 0;
    }
    char own[KEY_LEN + 1];
    snprintf(own, sizeof own, "%s-%s", p->inst, p->build);
    size_t n;
    char (*keys)[KEY_LEN + 1] = keys_in(d, own, &n);
    int removed = 0;
    for (size_t i = 0; i < n; i++) {
        removed += sweep_key(dirfd(d), d, keys[i], now);
    }
    free(keys);
    closedir(d);
    return removed;
}
