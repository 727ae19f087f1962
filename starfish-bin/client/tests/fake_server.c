/*
 * fake_server: a scripted stand-in for the Java server, started by the
 * client as its JAVA_COMMAND. Binds $STARFISH_SERVER_SOCKET (tmp name,
 * chmod 0600, rename), writes its pid to <sock>.fakepid, appends
 * "start <pid>" to $FAKE_STARTS, forks per connection and exits after
 * 20 s without one. $FAKE_DIE=N: exit N before binding. The request's first
 * argument picks the behaviour (see the switch below); 'K' and 'Z' frames
 * are appended to $FAKE_RECORD.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static int conn;

static void put(char type, const void *p, uint32_t len) {
    unsigned char h[5] = {(unsigned char)type, (unsigned char)(len >> 24), (unsigned char)(len >> 16),
                          (unsigned char)(len >> 8), (unsigned char)len};
    if (write(conn, h, 5) != 5 || (len > 0 && write(conn, p, len) != (ssize_t)len)) {
        exit(3);
    }
}
static void put_exit(uint32_t code) {
    unsigned char c[4] = {(unsigned char)(code >> 24), (unsigned char)(code >> 16), (unsigned char)(code >> 8),
                          (unsigned char)code};
    put('X', c, 4);
}
static int get_exact(void *buf, size_t n) {
    size_t got = 0;
    while (got < n) {
        ssize_t r = read(conn, (char *)buf + got, n - got);
        if (r <= 0) {
            return -1;
        }
        got += (size_t)r;
    }
    return 0;
}
static char *get(char *type, uint32_t *len) {
    unsigned char h[5];
    if (get_exact(h, 5) != 0) {
        return NULL;
    }
    *type = (char)h[0];
    *len = (uint32_t)h[1] << 24 | (uint32_t)h[2] << 16 | (uint32_t)h[3] << 8 | h[4];
    char *p = malloc(*len + 1);
    if (p == NULL || get_exact(p, *len) != 0) {
        exit(3);
    }
    p[*len] = '\0';
    return p;
}
static void record(const char *line) {
    const char *f = getenv("FAKE_RECORD");
    FILE *out = f ? fopen(f, "a") : NULL;
    if (out) {
        fprintf(out, "%s\n", line);
        fclose(out);
    }
}
static void sleep_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000};
    nanosleep(&t, NULL);
}

static void serve(void) {
    char type, line[64];
    uint32_t len;
    char *q = get(&type, &len);
    if (q == NULL) {
        exit(0);
    }
    if (type == 'Z') {
        record("Z");
        kill(getppid(), SIGTERM);
        exit(0);
    }
    /* fields: "2", cwd, argc, args... */
    char *cwd = q + strlen(q) + 1, *argc_s = cwd + strlen(cwd) + 1, *cmd = argc_s + strlen(argc_s) + 1;
    char *arg1 = atoi(argc_s) > 1 ? cmd + strlen(cmd) + 1 : "0";
    if (atoi(argc_s) == 0) {
        cmd = "";
    }
    if (strcmp(cmd, "echo") == 0) {
        for (uint32_t off = 0; off < len; off += 65536) {
            put('O', q + off, len - off > 65536 ? 65536 : len - off);
        }
        put_exit(0);
    } else if (strcmp(cmd, "exit") == 0) {
        put_exit((uint32_t)atoi(arg1));
    } else if (strcmp(cmd, "outerr") == 0) {
        for (int i = 1; i <= atoi(arg1); i++) {
            int n = snprintf(line, sizeof line, "%s %d\n", i % 2 ? "out" : "err", i);
            put(i % 2 ? 'O' : 'E', line, (uint32_t)n);
        }
        put_exit(0);
    } else if (strcmp(cmd, "stdin") == 0) {
        put('W', NULL, 0);
        char *p;
        while ((p = get(&type, &len)) != NULL && type == 'I') {
            put('O', p, len);
            free(p);
        }
        record(p != NULL && type == 'i' ? "stdin-eof" : "stdin-bad");
        free(p);
        put_exit(0);
    } else if (strcmp(cmd, "wait-signal") == 0) {
        put('O', "ready\n", 6);
        char *p = get(&type, &len);
        snprintf(line, sizeof line, "%c %d", p ? type : '-', p && len == 1 ? (unsigned char)p[0] : -1);
        record(line);
        put('E', "cancelled\n", 10);
        put_exit(128 + (p && len == 1 ? (unsigned char)p[0] : 0));
    } else if (strcmp(cmd, "crash") == 0) {
        put('O', "partial\n", 8);
    } else if (strcmp(cmd, "oversized") == 0) {
        static char big[65537];
        put('O', big, sizeof big);
    } else if (strcmp(cmd, "unknown") == 0) {
        put('Y', NULL, 0);
    } else if (strcmp(cmd, "truncated") == 0) {
        unsigned char h[8] = {'O', 0, 0, 0, 10, 'a', 'b', 'c'};
        (void)!write(conn, h, sizeof h);
    } else if (strcmp(cmd, "badexit") == 0) {
        put_exit(256);
    } else if (strcmp(cmd, "pid") == 0) {
        sleep_ms(atoi(arg1));
        int n = snprintf(line, sizeof line, "%ld\n", (long)getppid());
        put('O', line, (uint32_t)n);
        put_exit(0);
    } else {
        put('E', "fake: served\n", 13);
        put_exit(0);
    }
    exit(0);
}

int main(void) {
    const char *path = getenv("STARFISH_SERVER_SOCKET");
    if (getenv("FAKE_DIE")) {
        fprintf(stderr, "fake: dying as told\n");
        return atoi(getenv("FAKE_DIE"));
    }
    if (path == NULL || getenv("STARFISH_SERVER_BUILD") == NULL) {
        return 9;
    }
    printf("fake server %ld starting on %s\n", (long)getpid(), path);
    fflush(stdout);
    const char *starts = getenv("FAKE_STARTS");
    FILE *f = starts ? fopen(starts, "a") : NULL;
    if (f) {
        fprintf(f, "start %ld\n", (long)getpid());
        fclose(f);
    }
    char tmp[200], pidfile[200];
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
    snprintf(pidfile, sizeof pidfile, "%s.fakepid", path);
    f = fopen(pidfile, "w");
    if (f) {
        fprintf(f, "%ld\n", (long)getpid());
        fclose(f);
    }
    sleep_ms(getenv("FAKE_BIND_DELAY_MS") ? atoi(getenv("FAKE_BIND_DELAY_MS")) : 0);
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    if (strlen(tmp) >= sizeof a.sun_path) {
        return 7;
    }
    memcpy(a.sun_path, tmp, strlen(tmp) + 1);
    int s = socket(AF_UNIX, SOCK_STREAM, 0);
    if (s < 0 || bind(s, (struct sockaddr *)&a, sizeof a) != 0 || chmod(tmp, 0600) != 0 || listen(s, 64) != 0 ||
        rename(tmp, path) != 0) {
        perror("fake: bind");
        return 8;
    }
    signal(SIGCHLD, SIG_IGN);
    for (;;) {
        alarm(20);
        conn = accept(s, NULL, NULL);
        if (conn < 0) {
            continue;
        }
        if (fork() == 0) {
            close(s);
            serve();
        }
        close(conn);
    }
}
