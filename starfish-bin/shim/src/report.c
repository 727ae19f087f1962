#define _GNU_SOURCE
#include "report.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fatal.h"
#include "signals.h"

static int64_t timeval_ms(const struct timeval *tv) {
    return (int64_t)tv->tv_sec * 1000 + tv->tv_usec / 1000;
}

static void fill_usage(struct sf_report *report, const struct rusage *usage, int64_t wall_ms) {
    report->user_cpu_ms = timeval_ms(&usage->ru_utime);
    report->sys_cpu_ms = timeval_ms(&usage->ru_stime);
    report->max_rss_kb = usage->ru_maxrss; /* kilobytes on Linux */
    report->wall_ms = wall_ms;
}

void sf_report_from_wait(struct sf_report *report, int wait_status, const struct rusage *usage,
                         unsigned long cpu_limit_s, int64_t wall_ms, bool timed_out) {
    memset(report, 0, sizeof *report);
    fill_usage(report, usage, wall_ms);
    report->timed_out = timed_out;
    if (WIFSIGNALED(wait_status)) {
        report->status = SF_STATUS_SIGNALED;
        report->exit_code = -1;
        report->signal = WTERMSIG(wait_status);
        int64_t cpu_ms = report->user_cpu_ms + report->sys_cpu_ms;
        report->cpu_limit_exceeded =
            report->signal == SIGXCPU
            || (report->signal == SIGKILL && cpu_limit_s > 0
                && cpu_ms >= (int64_t)cpu_limit_s * 1000);
    } else {
        report->status = SF_STATUS_EXITED;
        report->exit_code = WEXITSTATUS(wait_status);
    }
}

void sf_report_failed_to_start(struct sf_report *report, int exit_code, const char *stage,
                               int error, const struct rusage *usage, int64_t wall_ms) {
    memset(report, 0, sizeof *report);
    fill_usage(report, usage, wall_ms);
    report->status = SF_STATUS_FAILED_TO_START;
    report->exit_code = exit_code;
    (void)snprintf(report->error, sizeof report->error, "%s: %s", stage, strerror(error));
}

static const char *status_text(enum sf_status status) {
    switch (status) {
    case SF_STATUS_EXITED:
        return "exited";
    case SF_STATUS_SIGNALED:
        return "signaled";
    default:
        return "failed_to_start";
    }
}

int sf_report_format(const struct sf_report *report, char *buf, size_t len) {
    char signal_name[32];
    sf_signal_name(report->signal, signal_name, sizeof signal_name);
    char error[sizeof report->error];
    (void)snprintf(error, sizeof error, "%s", report->error);
    for (char *c = error; *c != '\0'; c++) {
        if (*c == '\n' || *c == '\r') {
            *c = ' '; /* one line per key */
        }
    }
    return snprintf(buf, len,
                    "status=%s\nexit_code=%d\nsignal=%d\nsignal_name=%s\n"
                    "user_cpu_ms=%lld\nsys_cpu_ms=%lld\nmax_rss_kb=%lld\nwall_ms=%lld\n"
                    "cpu_limit_exceeded=%d\ntimed_out=%d\nerror=%s\n",
                    status_text(report->status), report->exit_code, report->signal, signal_name,
                    (long long)report->user_cpu_ms, (long long)report->sys_cpu_ms,
                    (long long)report->max_rss_kb, (long long)report->wall_ms,
                    report->cpu_limit_exceeded ? 1 : 0, report->timed_out ? 1 : 0, error);
}

/* Fatal error while the temporary file may exist: remove it, keep errno. */
#define DIE_REMOVING(tmp_path, call)                                                               \
    do {                                                                                           \
        int saved_errno = errno;                                                                   \
        (void)unlink(tmp_path);                                                                    \
        errno = saved_errno;                                                                       \
        SF_DIE(call);                                                                              \
    } while (0)

void sf_report_write(const char *path, const struct sf_report *report) {
    char text[1024];
    int len = sf_report_format(report, text, sizeof text);
    if (len < 0 || (size_t)len >= sizeof text) {
        errno = EOVERFLOW;
        SF_DIE("snprintf(report)");
    }
    char *tmp_path = NULL;
    if (asprintf(&tmp_path, "%s.tmp.%ld", path, (long)getpid()) < 0) {
        SF_DIE("asprintf");
    }
    int fd = open(tmp_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) {
        DIE_REMOVING(tmp_path, "open(report temp file)");
    }
    for (int done = 0; done < len;) {
        ssize_t n = write(fd, text + done, (size_t)(len - done));
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            DIE_REMOVING(tmp_path, "write(report)");
        }
        done += (int)n;
    }
    /* No fsync: the rename below already makes the report atomic for its reader, and a
     * report that would not survive a machine crash has no reader left anyway; on ext4 the
     * fsync cost about 12 ms per tool. */
    if (close(fd) != 0) {
        DIE_REMOVING(tmp_path, "close(report)");
    }
    if (rename(tmp_path, path) != 0) {
        DIE_REMOVING(tmp_path, "rename(report)");
    }
    free(tmp_path);
}
