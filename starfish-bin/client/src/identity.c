/* identity.c - see identity.h */
#define _GNU_SOURCE
#include "identity.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sha256.h"

static void stamp_one(const char *path, struct sfc_buf *out) {
    struct stat st;
    char line[SFC_PATH_MAX + 128];
    int n;
    if (stat(path, &st) != 0) {
        n = snprintf(line, sizeof line, "%s missing\n", path);
    } else {
        long long mtime = (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
        long long ctime = (long long)st.st_ctim.tv_sec * 1000000000LL + st.st_ctim.tv_nsec;
        n = snprintf(line, sizeof line, "%s %lld %lld %lld %llu\n", path, (long long)st.st_size, mtime, ctime,
                     (unsigned long long)st.st_ino);
    }
    if (n < 0 || (size_t)n >= sizeof line) {
        sfc_fail(SFC_EXIT_USAGE, "the path to stamp is too long: %.200s...", path);
    }
    sfc_buf_add(out, line, (size_t)n);
}

static int by_name(const struct dirent **a, const struct dirent **b) {
    return strcmp((*a)->d_name, (*b)->d_name);
}

static int not_dots(const struct dirent *e) {
    return strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
}

static void stamp(const char *path, struct sfc_buf *out) {
    struct stat st;
    struct dirent **entries;
    int n;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode) || (n = scandir(path, &entries, not_dots, by_name)) < 0) {
        stamp_one(path, out);
        return;
    }
    for (int i = 0; i < n; i++) {
        char child[SFC_PATH_MAX];
        int len = snprintf(child, sizeof child, "%s/%s", path, entries[i]->d_name);
        if (len < 0 || (size_t)len >= sizeof child) {
            sfc_fail(SFC_EXIT_USAGE, "the path to stamp is too long: %.200s...", path);
        }
        stamp_one(child, out);
        free(entries[i]);
    }
    free(entries);
}

static void add_line(struct sfc_buf *out, const char *format, ...) __attribute__((format(printf, 2, 3)));

static void add_line(struct sfc_buf *out, const char *format, ...) {
    char line[256];
    va_list args;
    va_start(args, format);
    int n = vsnprintf(line, sizeof line, format, args);
    va_end(args);
    if (n > 0) {
        sfc_buf_add(out, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
    }
}

void sfc_context_text(struct sfc_buf *out) {
    for (int resource = 0; resource < RLIM_NLIMITS; resource++) {
        struct rlimit limit;
        if (getrlimit(resource, &limit) == 0) {
            add_line(out, "rlimit %d %llu %llu\n", resource, (unsigned long long)limit.rlim_cur,
                     (unsigned long long)limit.rlim_max);
        }
    }
    errno = 0;
    int nice = getpriority(PRIO_PROCESS, 0);
    if (errno == 0) {
        add_line(out, "nice %d\n", nice);
    }
    cpu_set_t cpus;
    if (sched_getaffinity(0, sizeof cpus, &cpus) == 0) {
        add_line(out, "cpus");
        for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
            if (CPU_ISSET(cpu, &cpus)) {
                add_line(out, " %d", cpu);
            }
        }
        add_line(out, "\n");
    }
    FILE *cgroup = fopen("/proc/self/cgroup", "re");
    if (cgroup != NULL) {
        char chunk[1024];
        size_t n;
        sfc_buf_add(out, "cgroup\n", 7);
        while ((n = fread(chunk, 1, sizeof chunk, cgroup)) > 0) {
            sfc_buf_add(out, chunk, n);
        }
        fclose(cgroup);
    }
}

void sfc_identity_text(const struct sfc_options *o, struct sfc_buf *out) {
    for (size_t i = 0; i < o->n_identity; i++) {
        sfc_buf_add(out, o->identity[i], strlen(o->identity[i]));
        sfc_buf_add(out, "\n", 1);
    }
    for (size_t i = 0; i < o->n_stamps; i++) {
        stamp(o->stamps[i], out);
    }
}

static void hash_into(const struct sfc_buf *text, char *to, size_t digits) {
    char hex[65];
    pg_sha256_hex(text->data == NULL ? "" : text->data, text->len, hex);
    memcpy(to, hex, digits);
}

void sfc_build_id(const struct sfc_options *o, char build[SFC_BUILD_HEX + 1]) {
    struct sfc_buf installation = {0}, context = {0};
    sfc_identity_text(o, &installation);
    sfc_context_text(&context);
    hash_into(&installation, build, SFC_BUILD_INSTALL_HEX);
    hash_into(&context, build + SFC_BUILD_INSTALL_HEX, SFC_BUILD_HEX - SFC_BUILD_INSTALL_HEX);
    sfc_buf_free(&installation);
    sfc_buf_free(&context);
    build[SFC_BUILD_HEX] = '\0';
}

void sfc_install_id(const char *home, char inst[SFC_INST_HEX + 1]) {
    char *real = realpath(home, NULL);
    if (real == NULL) {
        sfc_fail(SFC_EXIT_USAGE, "cannot resolve the installation directory %s: %s", home, strerror(errno));
    }
    char hex[65];
    pg_sha256_hex(real, strlen(real), hex);
    free(real);
    memcpy(inst, hex, SFC_INST_HEX);
    inst[SFC_INST_HEX] = '\0';
}
