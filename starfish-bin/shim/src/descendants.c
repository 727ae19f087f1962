#define _GNU_SOURCE
#include "descendants.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "fatal.h"
#include "signals.h"

struct proc_link {
    pid_t pid, ppid;
    int below; /* 1 once known to be a descendant of the shim */
};

void sf_become_subreaper(void) {
    if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0) {
        SF_DIE("prctl(PR_SET_CHILD_SUBREAPER)");
    }
}

/* Reads the parent pid of `pid` from /proc/<pid>/stat; 0 if it is gone. */
static pid_t parent_of(pid_t pid) {
    char path[64], buf[512];
    (void)snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        return 0; /* exited since the directory was listed */
    }
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    (void)fclose(f);
    buf[n] = '\0';
    /* "pid (comm) S ppid ...": comm may hold spaces and ')' */
    char *close = strrchr(buf, ')');
    int ppid = 0;
    if (close == NULL || sscanf(close + 1, " %*c %d", &ppid) != 1) {
        return 0;
    }
    return (pid_t)ppid;
}

/* Lists every process of /proc with its parent; *count receives the size. */
static struct proc_link *list_processes(size_t *count) {
    DIR *dir = opendir("/proc");
    if (dir == NULL) {
        SF_DIE("opendir(/proc)");
    }
    size_t n = 0, cap = 256;
    struct proc_link *links = malloc(cap * sizeof *links);
    if (links == NULL) {
        SF_DIE("malloc");
    }
    for (;;) {
        errno = 0; /* readdir reports errors only through errno */
        struct dirent *entry = readdir(dir);
        if (entry == NULL) {
            if (errno != 0) {
                SF_DIE("readdir(/proc)");
            }
            break;
        }
        if (!isdigit((unsigned char)entry->d_name[0])) {
            continue;
        }
        pid_t pid = (pid_t)atoi(entry->d_name);
        pid_t ppid = parent_of(pid);
        if (ppid == 0) {
            continue;
        }
        if (n == cap) {
            struct proc_link *grown = realloc(links, 2 * cap * sizeof *links);
            if (grown == NULL) {
                SF_DIE("realloc");
            }
            links = grown;
            cap *= 2;
        }
        links[n++] = (struct proc_link){pid, ppid, 0};
    }
    if (closedir(dir) != 0) {
        SF_DIE("closedir(/proc)");
    }
    *count = n;
    return links;
}

int sf_signal_descendants(int sig, pid_t skip_pgid) {
    size_t n = 0;
    struct proc_link *links = list_processes(&n);
    pid_t self = getpid();
    /* mark the tree below the shim: repeat until no new member appears */
    for (int changed = 1; changed;) {
        changed = 0;
        for (size_t i = 0; i < n; i++) {
            if (links[i].below) {
                continue;
            }
            int parent_below = links[i].ppid == self;
            for (size_t j = 0; j < n && !parent_below; j++) {
                parent_below = links[j].below && links[j].pid == links[i].ppid;
            }
            if (parent_below) {
                links[i].below = 1;
                changed = 1;
            }
        }
    }
    int found = 0;
    for (size_t i = 0; i < n; i++) {
        if (!links[i].below) {
            continue;
        }
        found++;
        if (skip_pgid > 0 && getpgid(links[i].pid) == skip_pgid) {
            continue;
        }
        if (kill(links[i].pid, sig) != 0 && errno != ESRCH) {
            if (errno != EPERM) {
                SF_DIE("kill(descendant)");
            }
            SF_WARN("kill(descendant)");
        }
    }
    free(links);
    return found;
}

/* Reaps every child that has ended. Returns 0 when the shim has no child
 * left (ECHILD), 1 when some child still runs. */
static int reap_ended(void) {
    for (;;) {
        int status;
        pid_t r = waitpid(-1, &status, WNOHANG);
        if (r > 0) {
            continue;
        }
        if (r == 0) {
            return 1;
        }
        if (errno == ECHILD) {
            return 0;
        }
        if (errno != EINTR) {
            SF_DIE("waitpid");
        }
    }
}

/* Waits until a child ends, SIGTERM/SIGINT/SIGHUP arrives or `ms` pass,
 * whichever is first; true when it was a terminating signal. */
static bool await_child_end(int signal_fd, int ms) {
    int64_t deadline = sf_now_ms() + ms;
    for (;;) {
        int64_t left = deadline - sf_now_ms();
        if (left <= 0) {
            return false;
        }
        struct pollfd fd = {.fd = signal_fd, .events = POLLIN, .revents = 0};
        int ready = poll(&fd, 1, (int)left);
        if (ready < 0 && errno != EINTR) {
            SF_DIE("poll");
        }
        if (ready > 0) {
            int got = sf_signals_drain(signal_fd);
            if ((got & SF_GOT_TERMINATE) != 0) {
                return true;
            }
            if ((got & SF_GOT_SIGCHLD) != 0) {
                return false;
            }
        }
    }
}

void sf_reap_descendants(int signal_fd) {
    /* An orphan that has ended, or is ending (the pid 1 of a sandbox's PID
     * namespace tearing its namespaces down), is reaped without reading
     * /proc; only one still running after the grace is looked for there. */
    if (!reap_ended()) {
        return;
    }
    int64_t grace_end = sf_now_ms() + SF_ORPHAN_GRACE_MS;
    for (;;) {
        int64_t left = grace_end - sf_now_ms();
        if (left <= 0 || await_child_end(signal_fd, (int)left)) {
            break;
        }
        if (!reap_ended()) {
            return;
        }
    }
    do {
        (void)sf_signal_descendants(SIGKILL, 0);
        int status;
        while (waitpid(-1, &status, 0) < 0) {
            if (errno == ECHILD) {
                return;
            }
            if (errno != EINTR) {
                SF_DIE("waitpid");
            }
        }
    } while (reap_ended());
}
