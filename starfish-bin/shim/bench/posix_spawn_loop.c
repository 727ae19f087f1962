/*
 * posix-spawn-loop N PROGRAM [ARGS...]: starts PROGRAM N times with
 * posix_spawn, stdout captured through a pipe that is read to EOF, and
 * waits for each run. Per-spawn latency is measured from just before
 * posix_spawn to after waitpid (CLOCK_MONOTONIC). Prints one line:
 *   spawns=N median_us=M mean_us=A min_us=L max_us=H
 * The baseline for Java's ProcessBuilder numbers in docs/benchmarks.md.
 * Exit 0; 1 if a spawn fails or PROGRAM exits non-zero; 2 on bad usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
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

int main(int argc, char **argv) {
    char *end = NULL;
    long count = argc >= 3 ? strtol(argv[1], &end, 10) : 0;
    if (argc < 3 || *end != '\0' || count <= 0 || count > 10000000) {
        fprintf(stderr, "usage: posix-spawn-loop N /abs/path/program [ARGS...]\n");
        return 2;
    }
    double *samples = calloc((size_t)count, sizeof *samples);
    if (samples == NULL) {
        perror("posix-spawn-loop: calloc");
        return 1;
    }
    double sum = 0;
    for (long i = 0; i < count; i++) {
        samples[i] = spawn_once(&argv[2]);
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
    return 0;
}
