/* spawn.c - see spawn.h */
#define _GNU_SOURCE
#include "spawn.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "launch.h"

int sfc_absent(int err) {
    return err == ENOENT || err == ECONNREFUSED;
}

static void close_other_fds(void) {
    DIR *d = opendir("/proc/self/fd");
    if (d == NULL) {
        for (int fd = 3; fd < 1024; fd++) {
            close(fd);
        }
        return;
    }
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        int fd = atoi(e->d_name);
        if (fd > 2 && fd != dirfd(d)) {
            close(fd);
        }
    }
    closedir(d);
}

/* Only a JVM takes -XX:ErrorFile; any other server command (bin/starfish, which picks the class-data
 * archive only when a server starts, or the tests' fake server) finds the file in the environment. */
static int is_java(const char *path) {
    const char *base = strrchr(path, '/');
    return strcmp(base == NULL ? path : base + 1, "java") == 0;
}

_Noreturn static void exec_server(const struct sfc_place *p, char *const *java, int log) {
    setsid();
    /* a daemon holds no directory of a user's: the one it was started from may be removed */
    if (java[0][0] == '/' && chdir("/") != 0) {
        _exit(127);
    }
    int null = open("/dev/null", O_RDONLY);
    if (null < 0 || dup2(null, 0) < 0 || dup2(log, 1) < 0 || dup2(log, 2) < 0) {
        _exit(127);
    }
    close_other_fds();
    static const int reset[] = {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD};
    for (size_t i = 0; i < sizeof reset / sizeof reset[0]; i++) {
        signal(reset[i], SIG_DFL);
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    if (setenv("STARFISH_SERVER_SOCKET", p->sock, 1) != 0 || setenv("STARFISH_SERVER_BUILD", p->build, 1) != 0) {
        _exit(127);
    }
    dprintf(2, "starfish-client: starting the server of build %s (pid %ld): %s\n", p->build, (long)getpid(), java[0]);
    /* the JVM's crash report goes next to the socket, where the clients look for it (crash.h) */
    size_t n = 0;
    while (java[n] != NULL) {
        n++;
    }
    char **argv = calloc(n + 2, sizeof *argv);
    static char error_file[SFC_PATH_MAX + 64];
    if (argv == NULL || (size_t)snprintf(error_file, sizeof error_file, "-XX:ErrorFile=%s/%s-%s.hs_err_pid%%p.log",
                                         p->dir, p->inst, p->build) >= sizeof error_file) {
        _exit(127);
    }
    if (setenv("STARFISH_SERVER_ERROR_FILE", error_file + strlen("-XX:ErrorFile="), 1) != 0) {
        _exit(127);
    }
    argv[0] = java[0];
    argv[1] = is_java(java[0]) ? error_file : NULL;
    for (size_t i = 1, at = argv[1] != NULL ? 2 : 1; i < n; i++, at++) {
        argv[at] = java[i];
    }
    execvp(argv[0], argv);
    dprintf(2, "starfish-client: cannot run the server command %s: %s\n", java[0], strerror(errno));
    _exit(127);
}

pid_t sfc_start_server(const struct sfc_place *p, char *const *java) {
    int log = open(p->log, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (log < 0 || fchmod(log, 0600) != 0) {
        sfc_fail(SFC_EXIT_FAILED, "cannot open the server's log %s: %s", p->log, strerror(errno));
    }
    pid_t pid = fork();
    if (pid < 0) {
        sfc_fail(SFC_EXIT_FAILED, "cannot start the Starfish server (fork: %s)", strerror(errno));
    }
    if (pid == 0) {
        exec_server(p, java, log);
    }
    close(log);
    return pid;
}

double sfc_now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int sfc_await_accept(const struct sfc_place *p, pid_t pid) {
    double deadline = sfc_now_s() + SFC_START_SECONDS;
    long delay_ns = 2000000;
    for (;;) {
        int fd = sfc_connect_path(p->sock, 0);
        if (fd >= 0) {
            return fd;
        }
        if (!sfc_absent(errno)) {
            sfc_fail(SFC_EXIT_FAILED, "cannot connect to the Starfish server at %s: %s; its log: %s", p->sock,
                     strerror(errno), p->log);
        }
        int status;
        if (waitpid(pid, &status, WNOHANG) == pid) {
            char how[64];
            if (WIFEXITED(status)) {
                snprintf(how, sizeof how, "with status %d", WEXITSTATUS(status));
            } else {
                snprintf(how, sizeof how, "killed by signal %d", WTERMSIG(status));
            }
            sfc_fail(SFC_EXIT_FAILED, "the Starfish server exited %s before it accepted connections; its log: %s",
                     how, p->log);
        }
        if (sfc_now_s() > deadline) {
            kill(pid, SIGTERM);
            sfc_fail(SFC_EXIT_FAILED, "the Starfish server did not accept connections within %d s (stopped it); "
                     "its log: %s", SFC_START_SECONDS, p->log);
        }
        struct timespec pause = {0, delay_ns};
        nanosleep(&pause, NULL);
        delay_ns = delay_ns * 2 > 20000000 ? 20000000 : delay_ns * 2;
    }
}
