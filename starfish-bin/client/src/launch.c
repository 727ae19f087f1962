/* launch.c - see launch.h */
#define _GNU_SOURCE
#include "launch.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "frame.h"
#include "spawn.h"
#include "sweep.h"

int sfc_connect_path(const char *path, int nonblocking) {
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof addr.sun_path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    strcpy(addr.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | (nonblocking ? SOCK_NONBLOCK : 0), 0);
    if (fd < 0) {
        return -1;
    }
    while (connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0) {
        if (errno != EINTR) {
            int saved = errno;
            close(fd);
            errno = saved;
            return -1;
        }
    }
    return fd;
}

static int open_lock(const struct sfc_place *p, int create) {
    int lock = open(p->lock, O_RDWR | O_NOFOLLOW | O_CLOEXEC | (create ? O_CREAT : 0), 0600);
    if (lock < 0 && (create || errno != ENOENT)) {
        sfc_fail(SFC_EXIT_FAILED, "cannot open the server's lock file %s: %s", p->lock, strerror(errno));
    }
    return lock;
}

/* flock(how) on lock, retried on EINTR; 0, or -1 with errno EWOULDBLOCK for LOCK_NB when held. */
static int take(const struct sfc_place *p, int lock, int how) {
    while (flock(lock, how) != 0) {
        if (errno == EWOULDBLOCK && (how & LOCK_NB)) {
            return -1;
        }
        if (errno != EINTR) {
            sfc_fail(SFC_EXIT_FAILED, "cannot lock %s: %s", p->lock, strerror(errno));
        }
    }
    return 0;
}

/* Under the lock: a server that started meanwhile, else -1 with a stale socket removed. */
static int connect_or_clear(const struct sfc_place *p) {
    int fd = sfc_connect_path(p->sock, 0);
    if (fd < 0 && errno == ECONNREFUSED && unlink(p->sock) != 0 && errno != ENOENT) {
        sfc_fail(SFC_EXIT_FAILED, "cannot remove the stale server socket %s: %s", p->sock, strerror(errno));
    }
    return fd;
}

/*
 * A detached starter (its own session; stdio on the log, where its one line goes should the start
 * fail) starts the server and holds the lock, inherited from this process, until the server accepts.
 * The intermediate child exits at once, so the starter is nobody's child to reap.
 */
/* Returns once process pid has exited (at once when it has already). */
static void await_exit_of(pid_t pid) {
    int fd = (int)syscall(SYS_pidfd_open, pid, 0);
    if (fd >= 0) {
        struct pollfd gone = {fd, POLLIN, 0};
        while (poll(&gone, 1, -1) < 0 && errno == EINTR) {
        }
        close(fd);
        return;
    }
    while (errno != ESRCH && (kill(pid, 0) == 0 || errno == EPERM)) { /* a kernel without pidfd_open */
        struct timespec pause = {0, 10000000};
        nanosleep(&pause, NULL);
    }
}

static void start_beside(const struct sfc_place *p, char *const *java) {
    pid_t command = getpid(); /* this process goes on as the one-shot command (exec keeps the pid) */
    pid_t middle = fork();
    if (middle < 0) {
        return; /* no background start: this command runs one-shot all the same */
    }
    if (middle == 0) {
        if (fork() != 0) {
            _exit(0);
        }
        setsid();
        int null = open("/dev/null", O_RDWR);
        int log = open(p->log, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW, 0600);
        if (null < 0 || log < 0 || dup2(null, 0) < 0 || dup2(log, 1) < 0 || dup2(log, 2) < 0) {
            _exit(1);
        }
        /* after the command, not beside it: the two JVMs starting at once would slow the command down */
        await_exit_of(command);
        close(sfc_await_accept(p, sfc_start_server(p, java)));
        sfc_stop_other_builds(p);
        (void)sfc_sweep_leftovers(p, time(NULL));
        _exit(0);
    }
    while (waitpid(middle, NULL, 0) < 0 && errno == EINTR) {
    }
}

int sfc_reach(const struct sfc_place *p, char *const *java, enum sfc_reach_mode mode) {
    int fd = sfc_connect_path(p->sock, 0);
    if (fd >= 0) {
        return fd;
    }
    if (!sfc_absent(errno)) {
        sfc_fail(SFC_EXIT_FAILED, "cannot connect to the Starfish server at %s: %s", p->sock, strerror(errno));
    }
    int lock = open_lock(p, mode != SFC_REACH_RUNNING);
    if (lock < 0) {
        return -1; /* no server was ever started here */
    }
    if (mode == SFC_REACH_RUNNING) {
        /* a server being started (its starter holds the lock) is waited for, a missing one is not */
        double deadline = sfc_now_s() + SFC_START_SECONDS;
        while (take(p, lock, LOCK_EX | LOCK_NB) != 0 && sfc_now_s() < deadline) {
            struct timespec pause = {0, 10000000};
            nanosleep(&pause, NULL);
        }
        fd = sfc_connect_path(p->sock, 0);
    } else if (mode == SFC_REACH_OR_START_BESIDE) {
        if (take(p, lock, LOCK_EX | LOCK_NB) == 0 && (fd = connect_or_clear(p)) < 0) {
            start_beside(p, java);
        }
    } else {
        take(p, lock, LOCK_EX);
        fd = connect_or_clear(p);
        if (fd < 0) {
            fd = sfc_await_accept(p, sfc_start_server(p, java));
            sfc_stop_other_builds(p);
            (void)sfc_sweep_leftovers(p, time(NULL));
        }
    }
    close(lock);
    return fd;
}

void sfc_exec_one_shot(const char *path, char **args, size_t n_args) {
    char **argv = sfc_xmalloc(sizeof(char *) * (n_args + 2));
    argv[0] = (char *)path;
    memcpy(argv + 1, args, sizeof(char *) * n_args);
    argv[n_args + 1] = NULL;
    signal(SIGPIPE, SIG_DFL); /* ignored by this client, not by what it runs */
    if (setenv("STARFISH_SERVER", "off", 1) != 0) {
        sfc_fail(SFC_EXIT_FAILED, "cannot set STARFISH_SERVER=off: %s", strerror(errno));
    }
    execv(path, argv);
    sfc_fail(SFC_EXIT_USAGE, "cannot run %s: %s", path, strerror(errno));
}

void sfc_stop_other_builds(const struct sfc_place *p) {
    DIR *d = opendir(p->dir);
    if (d == NULL) {
        return;
    }
    size_t inst_len = strlen(p->inst), want = inst_len + 1 + SFC_BUILD_HEX + strlen(".sock");
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        const char *n = e->d_name;
        if (strlen(n) != want || strncmp(n, p->inst, inst_len) != 0 || n[inst_len] != '-' ||
            strcmp(n + want - 5, ".sock") != 0 || strncmp(n + inst_len + 1, p->build, SFC_BUILD_INSTALL_HEX) == 0) {
            continue;
        }
        char path[sizeof p->dir + 300];
        int len = snprintf(path, sizeof path, "%s/%s", p->dir, n);
        int fd = len > 0 && (size_t)len < sizeof path ? sfc_connect_path(path, 1) : -1;
        if (fd >= 0) {
            static const char stop[SFC_HEADER] = {SFC_STOP_WHEN_IDLE, 0, 0, 0, 0};
            (void)!write(fd, stop, sizeof stop);
            close(fd);
        }
    }
    closedir(d);
}
