#define _GNU_SOURCE
#include "descendants.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fatal.h"

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

/* Reaps one child: 1 when one was reaped or may be (retry), 0 when the
 * shim has no child left at all (ECHILD). */
static int reap_one(int options) {
    int status;
    pid_t r = waitpid(-1, &status, options);
    if (r >= 0) {
        return 1; /* reaped one, or (WNOHANG) children still run */
    }
    if (errno == ECHILD) {
        return 0;
    }
    if (errno != EINTR) {
        SF_DIE("waitpid");
    }
    return 1;
}

void sf_reap_descendants(void) {
    /* No child left means no descendant left: every orphan below the shim
     * is re-parented to it. The common case reads no /proc at all. */
    while (reap_one(WNOHANG)) {
        (void)sf_signal_descendants(SIGKILL, 0);
        if (!reap_one(0)) {
            return;
        }
    }
}
