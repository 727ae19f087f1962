/*
 * The test side of the spawn server's protocol for test_server.c: starts
 * `starfish-exec --server` on two pipes, sends spawn frames, collects each
 * request's output and report, and counts the checks that failed.
 */
#define _GNU_SOURCE
#include "server_driver.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *exec_path;
static int failures;

void driver_use(const char *exec) {
    exec_path = exec;
}

int driver_failures(void) {
    return failures;
}


static void die(const char *what) {
    perror(what);
    exit(2);
}

struct server start_server(void) {
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) {
        die("pipe");
    }
    pid_t pid = fork();
    if (pid < 0) {
        die("fork");
    }
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        execl(exec_path, exec_path, "--server", (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    return (struct server){pid, in[1], out[0]};
}

static void put_u32(unsigned char *at, uint32_t v) {
    at[0] = (unsigned char)(v >> 24), at[1] = (unsigned char)(v >> 16), at[2] = (unsigned char)(v >> 8);
    at[3] = (unsigned char)v;
}

void send_frame(struct server *s, char type, uint32_t id, const char *payload, size_t len) {
    unsigned char header[9];
    header[0] = (unsigned char)type;
    put_u32(header + 1, id);
    put_u32(header + 5, (uint32_t)len);
    if (write(s->requests, header, 9) != 9 || (len > 0 && write(s->requests, payload, len) != (ssize_t)len)) {
        die("write(request)");
    }
}

/* spawn: fields cwd, cpu, timeout_ms, grace_ms, merge, then argv words; env is X=y. */
void spawn(struct server *s, uint32_t id, const char *limits, ...) {
    char payload[4096];
    size_t len = 0;
    const char *words[32];
    int argc = 0;
    va_list ap;
    va_start(ap, limits);
    for (const char *w; (w = va_arg(ap, const char *)) != NULL;) {
        words[argc++] = w;
    }
    va_end(ap);
    /* limits: "cwd cpu timeout grace merge" separated by spaces */
    for (const char *c = limits; *c != '\0'; c++) {
        payload[len++] = *c == ' ' ? '\0' : *c;
    }
    payload[len++] = '\0';
    len += (size_t)sprintf(payload + len, "%d", argc) + 1;
    for (int i = 0; i < argc; i++) {
        len += (size_t)sprintf(payload + len, "%s", words[i]) + 1;
    }
    len += (size_t)sprintf(payload + len, "1") + 1;
    len += (size_t)sprintf(payload + len, "X=y") + 1;
    send_frame(s, 'N', id, payload, len);
}

int read_all(int fd, void *buf, size_t len) {
    size_t done = 0;
    while (done < len) {
        ssize_t n = read(fd, (char *)buf + done, len - done);
        if (n <= 0) {
            return -1;
        }
        done += (size_t)n;
    }
    return 0;
}

/* Reads frames until the report (or loss) of `id`; frames of other ids go to others[id] when given. */
int await_report(struct server *s, uint32_t id, struct outcome *o) {
    memset(o, 0, sizeof *o);
    for (;;) {
        unsigned char h[9];
        char payload[4096];
        if (read_all(s->responses, h, 9) != 0) {
            return -1;
        }
        uint32_t fid = (uint32_t)h[1] << 24 | (uint32_t)h[2] << 16 | (uint32_t)h[3] << 8 | h[4];
        uint32_t len = (uint32_t)h[5] << 24 | (uint32_t)h[6] << 16 | (uint32_t)h[7] << 8 | h[8];
        if (len > sizeof payload - 1 || read_all(s->responses, payload, len) != 0) {
            return -1;
        }
        payload[len] = '\0';
        if (fid != id) {
            continue;
        }
        if (h[0] == 'O') {
            size_t room = sizeof o->out - 1 - o->out_len;
            size_t kept = len < room ? len : room;
            memcpy(o->out + o->out_len, payload, kept);
            o->out_len += kept;
            o->total_out += len;
        } else if (h[0] == 'E') {
            size_t room = sizeof o->err - 1 - o->err_len;
            size_t kept = len < room ? len : room;
            memcpy(o->err + o->err_len, payload, kept);
            o->err_len += kept;
        } else if (h[0] == 'R') {
            memcpy(o->report, payload, len + 1);
            return 0;
        } else if (h[0] == 'X') {
            memcpy(o->lost, payload, len + 1);
            return 0;
        }
    }
}

int has_line(const char *report, const char *line) {
    char wanted[256];
    snprintf(wanted, sizeof wanted, "%s\n", line);
    return strstr(report, wanted) != NULL;
}

void check(const char *name, int ok, const struct outcome *o) {
    if (ok) {
        printf("PASS server.%s\n", name);
    } else {
        printf("FAIL server.%s: out='%s' err='%s' report='%s' lost='%s'\n", name, o->out, o->err, o->report,
               o->lost);
        failures++;
    }
}

int alive(pid_t pid) {
    char path[64], state = 'X';
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        return 0;
    }
    int c;
    while ((c = fgetc(f)) != EOF && c != ')') {
    }
    if (fscanf(f, " %c", &state) != 1) {
        state = 'X';
    }
    fclose(f);
    return state != 'Z' && state != 'X';
}

/* Waits for the event "pid is gone", with a patience only a broken server reaches. */
int await_gone(pid_t pid) {
    struct timespec tick = {0, 20 * 1000 * 1000};
    for (int i = 0; i < 3000 && alive(pid); i++) {
        nanosleep(&tick, NULL);
    }
    return !alive(pid);
}

void stop_server(struct server *s) {
    close(s->requests);
    struct outcome drain;
    while (await_report(s, 0xffffffffu, &drain) == 0) {
    }
    close(s->responses);
    int status;
    waitpid(s->pid, &status, 0);
}
