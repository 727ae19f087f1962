/* crash.c - see crash.h */
#define _GNU_SOURCE
#include "crash.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fail.h"

#define ENDED "the Starfish server ended while it ran this command (it crashed or was killed); its log: %s"

static void copy_word(char *dst, size_t cap, const char *from, const char *stops) {
    size_t n = strcspn(from, stops);
    if (n >= cap) {
        n = cap - 1;
    }
    memcpy(dst, from, n);
    dst[n] = '\0';
}

/* dst = from[0..n), cut to cap - 1 bytes, NUL-terminated; from need not be. */
static void copy_n(char *dst, size_t cap, const char *from, size_t n) {
    if (n >= cap) {
        n = cap - 1;
    }
    memcpy(dst, from, n);
    dst[n] = '\0';
}

static void parse_thread(const char *name, size_t len, struct sfc_crash *c) {
    char copy[1024];
    copy_n(copy, sizeof copy, name, len);
    const char *job = strstr(copy, " [job ");
    if (job != NULL) {
        copy_word(c->job, sizeof c->job, job + 6, "]");
    }
    const char *client = strstr(copy, " [client ");
    if (client != NULL) {
        c->client = strtol(client + 9, NULL, 10);
    }
}

/* "# C  [libx.so+0x12]  f+0x3": a frame in a library (C native, V the JVM, j compiled Java); *lib at its name. */
static int problematic_frame(const char *line, const char **lib) {
    if (line[0] != '#' || line[1] != ' ' || line[2] == '\0' || strchr("CVj", line[2]) == NULL) {
        return 0;
    }
    const char *at = line + 3 + strspn(line + 3, " ");
    *lib = at + 1;
    return *at == '[';
}

void sfc_crash_parse(const char *text, size_t len, struct sfc_crash *c) {
    memset(c, 0, sizeof *c);
    const char *end = text + len;
    for (const char *line = text; line < end;) {
        const char *nl = memchr(line, '\n', (size_t)(end - line));
        size_t n = nl == NULL ? (size_t)(end - line) : (size_t)(nl - line);
        char buf[1200];
        copy_n(buf, sizeof buf, line, n);
        const char *rest;
        if (c->signal[0] == '\0' && strncmp(buf, "#  SIG", 6) == 0) {
            copy_word(c->signal, sizeof c->signal, buf + 3, " ");
        } else if (c->library[0] == '\0' && problematic_frame(buf, &rest)) {
            copy_word(c->library, sizeof c->library, rest, "+]");
        } else if (strncmp(buf, "Current thread ", 15) == 0 && (rest = strstr(buf, "JavaThread \"")) != NULL) {
            const char *name = rest + 12, *close = strchr(name, '"');
            parse_thread(name, close == NULL ? strlen(name) : (size_t)(close - name), c);
        }
        line += n + 1;
    }
}

static int gone(long pid) {
    if (pid <= 0) {
        return 1;
    }
    (void)waitpid((pid_t)pid, NULL, WNOHANG); /* reaps it when this client started it */
    if (kill((pid_t)pid, 0) != 0 && errno == ESRCH) {
        return 1;
    }
    char path[64], stat[512];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    FILE *f = fopen(path, "re");
    if (f == NULL) {
        return 1;
    }
    size_t n = fread(stat, 1, sizeof stat - 1, f);
    fclose(f);
    stat[n] = '\0';
    const char *state = strrchr(stat, ')');
    return state != NULL && state[1] == ' ' && (state[2] == 'Z' || state[2] == 'X');
}

static void await_gone(long pid) {
    for (int i = 0; i < SFC_DEATH_SECONDS * 50 && !gone(pid); i++) {
        struct timespec pause = {0, 20000000};
        nanosleep(&pause, NULL);
    }
}

/* The whole of a small file, NUL-terminated, or NULL. */
static char *slurp(const char *path, size_t *len) {
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        return NULL;
    }
    struct sfc_buf b = {0};
    char chunk[8192];
    ssize_t n;
    while ((n = read(fd, chunk, sizeof chunk)) > 0 && b.len < (16u << 20)) {
        sfc_buf_add(&b, chunk, (size_t)n);
    }
    close(fd);
    sfc_buf_add(&b, "", 1);
    *len = b.len - 1;
    return b.data;
}

/* The value of "key=" in text, copied into out; 0 when absent. */
static int field(const char *text, const char *key, char *out, size_t cap) {
    size_t klen = strlen(key);
    for (const char *line = text; line != NULL && *line != '\0';) {
        if (strncmp(line, key, klen) == 0 && line[klen] == '=') {
            copy_word(out, cap, line + klen + 1, "\n");
            return 1;
        }
        line = strchr(line, '\n');
        line = line == NULL ? NULL : line + 1;
    }
    return 0;
}

static int copy_file(const char *from, const char *to) {
    size_t len;
    char *text = slurp(from, &len);
    if (text == NULL) {
        return -1;
    }
    int fd = open(to, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    int ok = fd >= 0 && sfc_write_all(fd, text, len) == 0;
    if (fd >= 0 && close(fd) != 0) {
        ok = 0;
    }
    free(text);
    if (!ok) {
        if (fd >= 0) {
            unlink(to);
        }
        return -1;
    }
    return unlink(from);
}

/* Moves the report into the directory the crashing command's context names; its path, where it ends up. */
static void move_report(const struct sfc_place *p, const char *report, long server, long client, char *dest,
                        size_t cap) {
    snprintf(dest, cap, "%s", report);
    char path[SFC_PATH_MAX + 64], dir[SFC_PATH_MAX];
    snprintf(path, sizeof path, "%s/%s-%s.client-%ld", p->dir, p->inst, p->build, client);
    size_t len;
    char *context = client > 0 ? slurp(path, &len) : NULL;
    if (context == NULL) {
        return;
    }
    struct stat st;
    if ((field(context, "workdir", dir, sizeof dir) && stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) ||
        (field(context, "cwd", dir, sizeof dir) && stat(dir, &st) == 0 && S_ISDIR(st.st_mode))) {
        char to[SFC_PATH_MAX + 64];
        snprintf(to, sizeof to, "%s/hs_err_pid%ld.log", dir, server);
        if (access(to, F_OK) != 0 && (rename(report, to) == 0 || (errno == EXDEV && copy_file(report, to) == 0))) {
            snprintf(dest, cap, "%s", to);
        }
    }
    free(context);
}

/* The server is gone: every command's context it kept is stale. */
static void remove_contexts(const struct sfc_place *p) {
    DIR *d = opendir(p->dir);
    if (d == NULL) {
        return;
    }
    char prefix[SFC_INST_HEX + SFC_BUILD_HEX + 16];
    snprintf(prefix, sizeof prefix, "%s-%s.client-", p->inst, p->build);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, prefix, strlen(prefix)) == 0) {
            (void)unlinkat(dirfd(d), e->d_name, 0);
        }
    }
    closedir(d);
}

static void write_note(const char *note, const struct sfc_crash *c, const char *report) {
    char tmp[SFC_PATH_MAX + 80];
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", note, (long)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) {
        return;
    }
    char text[SFC_PATH_MAX * 2 + 700];
    int n = snprintf(text, sizeof text, "signal=%s\nlibrary=%s\njob=%s\nclient=%ld\nreport=%s\n", c->signal,
                     c->library, c->job, c->client, report);
    int ok = n > 0 && (size_t)n < sizeof text && sfc_write_all(fd, text, (size_t)n) == 0;
    ok = close(fd) == 0 && ok;
    if (!ok || rename(tmp, note) != 0) {
        unlink(tmp);
    }
}

/* Under the lock: the note of this server's crash, made from its report by the first client here. */
static char *crash_note(const struct sfc_place *p, long pid) {
    char note[SFC_PATH_MAX + 64], report[SFC_PATH_MAX + 64];
    snprintf(note, sizeof note, "%s/%s-%s.crash-%ld", p->dir, p->inst, p->build, pid);
    snprintf(report, sizeof report, "%s/%s-%s.hs_err_pid%ld.log", p->dir, p->inst, p->build, pid);
    int lock = open(p->lock, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
    while (lock >= 0 && flock(lock, LOCK_EX) != 0 && errno == EINTR) {
    }
    size_t len;
    char *text = slurp(note, &len);
    if (text == NULL) {
        char *hs_err = slurp(report, &len);
        if (hs_err != NULL) {
            struct sfc_crash c;
            sfc_crash_parse(hs_err, len, &c);
            free(hs_err);
            char dest[SFC_PATH_MAX + 64];
            move_report(p, report, pid, c.client, dest, sizeof dest);
            write_note(note, &c, dest);
            remove_contexts(p);
            text = slurp(note, &len);
        }
    }
    if (lock >= 0) {
        close(lock);
    }
    return text;
}

_Noreturn void sfc_server_ended(const struct sfc_place *p, long pid) {
    await_gone(pid);
    char *note = pid > 0 ? crash_note(p, pid) : NULL;
    if (note == NULL) {
        sfc_fail(SFC_EXIT_CRASHED, ENDED, p->log);
    }
    char signal[32] = "", library[256] = "", job[256] = "", client[32] = "", report[SFC_PATH_MAX + 64] = "";
    field(note, "signal", signal, sizeof signal);
    field(note, "library", library, sizeof library);
    field(note, "job", job, sizeof job);
    field(note, "client", client, sizeof client);
    field(note, "report", report, sizeof report);
    free(note);
    char what[400];
    snprintf(what, sizeof what, "%s in %s", signal[0] ? signal : "a fatal error",
             library[0] ? library : "an unknown library");
    if (strtol(client, NULL, 10) == (long)getpid()) {
        sfc_fail(SFC_EXIT_CRASHED, "the driver crashed in native code (%s)%s%s; crash report: %s", what,
                 job[0] ? " while running job " : "", job, report);
    }
    sfc_fail(SFC_EXIT_CRASHED, "the Starfish server crashed in native code (%s) while %s%s, which stopped this "
             "command too; crash report: %s", what, job[0] ? "another command ran job " : "another command ran", job,
             report);
}
