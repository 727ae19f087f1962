/*
 * sf-frames [--shut] SOCKET SPEC... - sends raw Starfish server frames to a
 * Unix socket, then prints every frame it receives until end of stream, one
 * line each: "TYPE LENGTH PAYLOAD" (bytes outside printable ASCII as \xHH;
 * 'X' as "X 4 code=N"), then "EOF" or "EOF inside a frame after N bytes".
 * SPEC (see ../README.md): hex:HEX (raw bytes), T:TEXT (frame of type T with
 * TEXT), T@FILE (payload from FILE), T#LEN:TEXT (header claims LEN, TEXT
 * sent), req:CWD[,ARG]... (a valid REQUEST, empty environment, "fff", 0
 * columns), sleep:MS, - (raw bytes from stdin). --shut half-closes after
 * the last SPEC. Exit 0, 1 when connecting fails, 2 on a bad SPEC.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static int sock;

static _Noreturn void bad(const char *what, const char *spec) {
    fprintf(stderr, "sf-frames: %s: '%s'\n", what, spec);
    exit(2);
}

static void send_all(const void *p, size_t n) {
    const char *c = p;
    while (n > 0) {
        ssize_t w = write(sock, c, n);
        if (w < 0 && errno == EINTR) {
            continue;
        }
        if (w < 0) {
            fprintf(stderr, "sf-frames: write: %s\n", strerror(errno));
            return;
        }
        c += w, n -= (size_t)w;
    }
}

static void header(char type, unsigned long len) {
    unsigned char h[5] = {(unsigned char)type, (unsigned char)(len >> 24), (unsigned char)(len >> 16),
                          (unsigned char)(len >> 8), (unsigned char)len};
    send_all(h, 5);
}

static char *slurp(FILE *f, size_t *len) {
    char *buf = NULL;
    size_t cap = 0;
    *len = 0;
    for (;;) {
        if (*len == cap) {
            cap = cap ? cap * 2 : 65536;
            buf = realloc(buf, cap);
            if (buf == NULL) {
                exit(2);
            }
        }
        size_t n = fread(buf + *len, 1, cap - *len, f);
        if (n == 0) {
            return buf;
        }
        *len += n;
    }
}

static void request(const char *spec) {
    char *copy = strdup(spec + 4), *payload = malloc(strlen(spec) + 64), *p = payload;
    char *words[4096];
    int n = 0;
    for (char *w = strtok(copy, ","); w != NULL && n < 4096; w = strtok(NULL, ",")) {
        words[n++] = w;
    }
    if (n == 0) {
        bad("req: needs a working directory", spec);
    }
    p += sprintf(p, "1%c%s%c%d%c", 0, words[0], 0, n - 1, 0);
    for (int i = 1; i < n; i++) {
        p += sprintf(p, "%s%c", words[i], 0);
    }
    p += sprintf(p, "0%cfff%c0%c", 0, 0, 0);
    header('Q', (unsigned long)(p - payload));
    send_all(payload, (size_t)(p - payload));
    free(copy);
    free(payload);
}

static void one(const char *spec) {
    if (strcmp(spec, "-") == 0) {
        size_t len;
        char *all = slurp(stdin, &len);
        send_all(all, len);
        free(all);
    } else if (strncmp(spec, "hex:", 4) == 0) {
        for (const char *h = spec + 4; h[0] != '\0'; h += 2) {
            unsigned v;
            if (h[1] == '\0' || sscanf(h, "%2x", &v) != 1) {
                bad("odd or non-hex digits", spec);
            }
            unsigned char b = (unsigned char)v;
            send_all(&b, 1);
        }
    } else if (strncmp(spec, "req:", 4) == 0) {
        request(spec);
    } else if (strncmp(spec, "sleep:", 6) == 0) {
        long ms = atol(spec + 6);
        struct timespec t = {ms / 1000, (ms % 1000) * 1000000};
        nanosleep(&t, NULL);
    } else if (spec[0] != '\0' && spec[1] == ':') {
        header(spec[0], strlen(spec + 2));
        send_all(spec + 2, strlen(spec + 2));
    } else if (spec[0] != '\0' && spec[1] == '@') {
        FILE *f = fopen(spec + 2, "rb");
        if (f == NULL) {
            bad(strerror(errno), spec);
        }
        size_t len;
        char *all = slurp(f, &len);
        fclose(f);
        header(spec[0], len);
        send_all(all, len);
        free(all);
    } else if (spec[0] != '\0' && spec[1] == '#') {
        char *colon;
        unsigned long len = strtoul(spec + 2, &colon, 10);
        if (*colon != ':') {
            bad("expected T#LEN:TEXT", spec);
        }
        header(spec[0], len);
        send_all(colon + 1, strlen(colon + 1));
    } else {
        bad("unknown SPEC (hex:, T:, T@, T#LEN:, req:, sleep:, -)", spec);
    }
}

static int get(void *buf, size_t n, size_t *got) {
    *got = 0;
    while (*got < n) {
        ssize_t r = read(sock, (char *)buf + *got, n - *got);
        if (r < 0 && errno == EINTR) {
            continue;
        }
        if (r <= 0) {
            return -1;
        }
        *got += (size_t)r;
    }
    return 0;
}

static void receive(void) {
    unsigned char h[5];
    size_t got;
    static unsigned char payload[1 << 20];
    for (;;) {
        if (get(h, 5, &got) != 0) {
            printf(got == 0 ? "EOF\n" : "EOF inside a frame after %zu bytes\n", got);
            return;
        }
        unsigned long len = (unsigned long)h[1] << 24 | (unsigned long)h[2] << 16 | (unsigned long)h[3] << 8 | h[4];
        size_t keep = len < sizeof payload ? len : sizeof payload;
        if (get(payload, keep, &got) != 0) {
            printf("%c %lu (truncated)\nEOF inside a frame after %zu bytes\n", h[0], len, 5 + got);
            return;
        }
        if (h[0] == 'X' && len == 4) {
            printf("X 4 code=%lu\n", (unsigned long)payload[0] << 24 | (unsigned long)payload[1] << 16 |
                                          (unsigned long)payload[2] << 8 | payload[3]);
            continue;
        }
        printf("%c %lu ", h[0], len);
        for (size_t i = 0; i < keep; i++) {
            printf(payload[i] >= 0x20 && payload[i] < 0x7f && payload[i] != '\\' ? "%c" : "\\x%02x", payload[i]);
        }
        printf("\n");
        fflush(stdout);
    }
}

int main(int argc, char **argv) {
    int i = 1, shut = 0;
    if (i < argc && strcmp(argv[i], "--shut") == 0) {
        shut = 1, i++;
    }
    if (i >= argc) {
        fprintf(stderr, "usage: sf-frames [--shut] SOCKET SPEC...\n");
        return 2;
    }
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    if (strlen(argv[i]) >= sizeof a.sun_path) {
        bad("socket path too long", argv[i]);
    }
    memcpy(a.sun_path, argv[i], strlen(argv[i]) + 1);
    sock = socket(AF_UNIX, SOCK_STREAM, 0);
    if (sock < 0 || connect(sock, (struct sockaddr *)&a, sizeof a) != 0) {
        fprintf(stderr, "sf-frames: cannot connect to %s: %s\n", argv[i], strerror(errno));
        return 1;
    }
    signal(SIGPIPE, SIG_IGN);
    for (i++; i < argc; i++) {
        one(argv[i]);
    }
    if (shut) {
        shutdown(sock, SHUT_WR);
    }
    receive();
    return 0;
}
