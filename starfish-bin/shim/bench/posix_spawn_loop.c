/*
 * posix-spawn-loop N PROGRAM [ARGS...]: starts PROGRAM N times with
 * posix_spawn, stdout captured through a pipe that is read to EOF, and
 * waits for each run. Per-spawn latency is measured from just before
 * posix_spawn to after waitpid (CLOCK_MONOTONIC). Prints one line:
 *   spawns=N median_us=M mean_us=A min_us=L max_us=H
 *
 * posix-spawn-loop --server EXEC N PROGRAM [ARGS...]: the same through one
 * `EXEC --server` (the spawn server, started once before the loop): each
 * spawn is a request frame and ends with the report frame, so the figure is
 * the server's cost with no JVM involved.
 * The baseline for Java's ProcessBuilder numbers in docs/benchmarks.md.
 * Exit 0; 1 if a spawn fails or PROGRAM exits non-zero; 2 on bad usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static double now_us(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) {
        perror("posix-spawn-loop: clock_gettime");
        exit(1);
    }
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One spawn: returns its latency in microseconds, or -1 after printing why. */
static double spawn_once(char **argv) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) {
        perror("posix-spawn-loop: pipe2");
        return -1;
    }
    posix_spawn_file_actions_t actions;
    int rc = posix_spawn_file_actions_init(&actions);
    if (rc == 0) {
        rc = posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
    }
    double start = now_us();
    pid_t pid = -1;
    if (rc == 0) {
        rc = posix_spawn(&pid, argv[0], &actions, NULL, argv, environ);
    }
    (void)posix_spawn_file_actions_destroy(&actions);
    (void)close(fds[1]);
    if (rc != 0) {
        fprintf(stderr, "posix-spawn-loop: posix_spawn %s: %s\n", argv[0], strerror(rc));
        (void)close(fds[0]);
        return -1;
    }
    char buf[4096];
    ssize_t n;
    while ((n = read(fds[0], buf, sizeof buf)) != 0) {
        if (n < 0 && errno != EINTR) {
            perror("posix-spawn-loop: read");
            break;
        }
    }
    (void)close(fds[0]);
    int status;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            perror("posix-spawn-loop: waitpid");
            return -1;
        }
    }
    double elapsed = now_us() - start;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "posix-spawn-loop: %s did not exit 0 (status 0x%x)\n", argv[0], status);
        return -1;
    }
    return elapsed;
}

/* The spawn server's pipes: requests to its stdin, frames from its stdout. */
static int server_in = -1, server_out = -1;

static int start_server(const char *exec_path) {
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0) {
        perror("posix-spawn-loop: pipe2");
        return -1;
    }
    posix_spawn_file_actions_t actions;
    char *args[] = {(char *)exec_path, "--server", NULL};
    pid_t pid;
    if (posix_spawn_file_actions_init(&actions) != 0 || posix_spawn_file_actions_adddup2(&actions, in[0], 0) != 0
        || posix_spawn_file_actions_adddup2(&actions, out[1], 1) != 0
        || posix_spawn(&pid, exec_path, &actions, NULL, args, environ) != 0) {
        fprintf(stderr, "posix-spawn-loop: could not start %s --server\n", exec_path);
        return -1;
    }
    (void)posix_spawn_file_actions_destroy(&actions);
    (void)close(in[0]);
    (void)close(out[1]);
    server_in = in[1];
    server_out = out[0];
    return 0;
}

static int read_fully(int fd, unsigned char *buf, size_t len) {
    for (size_t done = 0; done < len;) {
        ssize_t n = read(fd, buf + done, len - done);
        if (n <= 0) {
            return -1;
        }
        done += (size_t)n;
    }
    return 0;
}

/* One spawn through the server: request frame out, frames in until the report. */
static double spawn_via_server(char **argv, uint32_t id) {
    unsigned char frame[8192];
    size_t len = 9;
    len += (size_t)snprintf((char *)frame + len, sizeof frame - len, "/%c0%c0%c2000%c0%c", 0, 0, 0, 0, 0);
    int argc = 0;
    while (argv[argc] != NULL) {
        argc++;
    }
    len += (size_t)snprintf((char *)frame + len, sizeof frame - len, "%d", argc) + 1;
    for (int i = 0; i < argc; i++) {
        len += (size_t)snprintf((char *)frame + len, sizeof frame - len, "%s", argv[i]) + 1;
    }
    len += (size_t)snprintf((char *)frame + len, sizeof frame - len, "0") + 1;
    uint32_t payload = (uint32_t)(len - 9);
    unsigned char header[9] = {'N', (unsigned char)(id >> 24), (unsigned char)(id >> 16), (unsigned char)(id >> 8),
                               (unsigned char)id, (unsigned char)(payload >> 24), (unsigned char)(payload >> 16),
                               (unsigned char)(payload >> 8), (unsigned char)payload};
    memcpy(frame, header, 9);
    double start = now_us();
    if (write(server_in, frame, len) != (ssize_t)len) {
        perror("posix-spawn-loop: write(request)");
        return -1;
    }
    for (;;) {
        unsigned char h[9], body[4096];
        if (read_fully(server_out, h, 9) != 0) {
            fprintf(stderr, "posix-spawn-loop: the server ended\n");
            return -1;
        }
        uint32_t n = (uint32_t)h[5] << 24 | (uint32_t)h[6] << 16 | (uint32_t)h[7] << 8 | h[8];
        if (n > sizeof body || read_fully(server_out, body, n) != 0) {
            return -1;
        }
        if (h[0] == 'R' || h[0] == 'X') {
            double elapsed = now_us() - start;
            if (h[0] == 'X' || n < 24 || memcmp(body, "status=exited\nexit_code=0", 24) != 0) {
                fprintf(stderr, "posix-spawn-loop: %s did not exit 0: %.*s\n", argv[0], (int)n, (char *)body);
                return -1;
            }
            return elapsed;
        }
    }
}

int main(int argc, char **argv) {
    const char *server = NULL;
    if (argc >= 3 && strcmp(argv[1], "--server") == 0) {
        server = argv[2];
        argc -= 2;
        argv += 2;
    }
    char *end = NULL;
    long count = argc >= 3 ? strtol(argv[1], &end, 10) : 0;
    if (argc < 3 || *end != '\0' || count <= 0 || count > 10000000) {
        fprintf(stderr, "usage: posix-spawn-loop [--server EXEC] N /abs/path/program [ARGS...]\n");
        return 2;
    }
    if (server != NULL && start_server(server) != 0) {
        return 1;
    }
    double *samples = calloc((size_t)count, sizeof *samples);
    if (samples == NULL) {
        perror("posix-spawn-loop: calloc");
        return 1;
    }
    double sum = 0;
    for (long i = 0; i < count; i++) {
        samples[i] = server != NULL ? spawn_via_server(&argv[2], (uint32_t)i + 1) : spawn_once(&argv[2]);
        if (samples[i] < 0) {
            free(samples);
            return 1;
        }
        sum += samples[i];
    }
    qsort(samples, (size_t)count, sizeof *samples, compare_doubles);
    double median = count % 2 ? samples[count / 2]
                              : (samples[count / 2 - 1] + samples[count / 2]) / 2;
    printf("spawns=%ld median_us=%.1f mean_us=%.1f min_us=%.1f max_us=%.1f\n", count, median,
           sum / (double)count, samples[0], samples[count - 1]);
    free(samples);
    if (server != NULL) {
        (void)close(server_in); /* the server's lifeline: it exits */
    }
    return 0;
}
