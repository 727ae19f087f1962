#define _GNU_SOURCE
#include "spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <sys/resource.h>
#include <unistd.h>

#include "fatal.h"
#include "signals.h"

enum child_stage {
    STAGE_SIGNALS, STAGE_SETSID, STAGE_DEVNULL, STAGE_DUP2, STAGE_OUTPUT, STAGE_CHDIR, STAGE_RLIMIT, STAGE_EXECV
};

static const char *const stage_names[] = {
    [STAGE_SIGNALS] = "reset signals", [STAGE_SETSID] = "setsid",
    [STAGE_DEVNULL] = "open(/dev/null)", [STAGE_DUP2] = "dup2(stdin)",
    [STAGE_OUTPUT] = "dup2(stdout/stderr)", [STAGE_CHDIR] = "chdir",
    [STAGE_RLIMIT] = "setrlimit(RLIMIT_CPU)", [STAGE_EXECV] = "execv",
};

/* What a failing child writes into the status pipe. */
struct child_failure {
    int stage;
    int error;
};

void sf_ensure_standard_fds(void) {
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1) {
            continue;
        }
        if (errno != EBADF) {
            SF_DIE("fcntl(F_GETFD)");
        }
        int opened = open("/dev/null", O_RDWR);
        if (opened < 0) {
            SF_DIE("open(/dev/null)");
        }
        if (opened != fd) { /* lowest free fd is `fd`, so this cannot happen */
            errno = EBADF;
            SF_DIE("open(/dev/null) landed on an unexpected fd");
        }
    }
}

static int exit_code_for_exec_error(int error) {
    switch (error) {
    case EACCES:
    case ENOEXEC:
    case EISDIR:
    case EPERM:
        return SF_EXIT_NOT_EXECUTABLE;
    default:
        return SF_EXIT_NOT_FOUND;
    }
}

/* Runs in the child; only async-signal-safe calls. Never returns. */
static _Noreturn void become_tool(const struct sf_spawn_request *request, int status_fd) {
    struct child_failure failure = {STAGE_SIGNALS, 0};
    int code = SF_EXIT_SHIM_FAILURE;
    if (sf_signals_reset_for_exec() != 0) {
        goto fail;
    }
    failure.stage = STAGE_SETSID;
    if (setsid() < 0) {
        goto fail;
    }
    failure.stage = STAGE_DEVNULL;
    int null_fd = open("/dev/null", O_RDONLY);
    if (null_fd < 0) {
        goto fail;
    }
    failure.stage = STAGE_DUP2;
    if (null_fd != STDIN_FILENO) {
        if (dup2(null_fd, STDIN_FILENO) < 0 || close(null_fd) != 0) {
            goto fail;
        }
    }
    failure.stage = STAGE_OUTPUT;
    if ((request->stdout_fd >= 0 && dup2(request->stdout_fd, STDOUT_FILENO) < 0)
        || (request->stderr_fd >= 0 && dup2(request->stderr_fd, STDERR_FILENO) < 0)) {
        goto fail;
    }
    failure.stage = STAGE_CHDIR;
    if (request->cwd != NULL && chdir(request->cwd) != 0) {
        goto fail;
    }
    if (request->cpu_limit_s > 0) {
        failure.stage = STAGE_RLIMIT;
        struct rlimit cpu = {(rlim_t)request->cpu_limit_s, (rlim_t)request->cpu_limit_s + 1};
        if (setrlimit(RLIMIT_CPU, &cpu) != 0) {
            goto fail;
        }
    }
    failure.stage = STAGE_EXECV;
    execve(request->argv[0], request->argv, request->envp != NULL ? request->envp : environ);
    code = exit_code_for_exec_error(errno);
fail:
    failure.error = errno;
    /* The parent treats a short record as a shim failure; nothing else to do. */
    ssize_t ignored = write(status_fd, &failure, sizeof failure);
    (void)ignored;
    _exit(code);
}

void sf_spawn_tool(const struct sf_spawn_request *request, struct sf_spawn_outcome *outcome) {
    int status_pipe[2];
    if (pipe2(status_pipe, O_CLOEXEC) != 0) {
        SF_DIE("pipe2");
    }
    sigset_t old_mask;
    sf_signals_block(&old_mask);
    pid_t pid = fork();
    if (pid < 0) {
        SF_DIE("fork");
    }
    if (pid == 0) {
        (void)close(status_pipe[0]);
        become_tool(request, status_pipe[1]);
    }
    sf_signals_restore(&old_mask);
    if (close(status_pipe[1]) != 0) {
        SF_DIE("close(status pipe)");
    }

    struct child_failure failure;
    ssize_t n;
    do {
        n = read(status_pipe[0], &failure, sizeof failure);
    } while (n < 0 && errno == EINTR);
    if (n < 0) {
        SF_DIE("read(status pipe)");
    }
    if (close(status_pipe[0]) != 0) {
        SF_DIE("close(status pipe)");
    }

    outcome->pid = pid;
    outcome->error = 0;
    outcome->stage = NULL;
    outcome->exit_code = 0;
    if (n == 0) {
        return;
    }
    if (n != (ssize_t)sizeof failure || failure.stage < STAGE_SIGNALS || failure.stage > STAGE_EXECV) {
        errno = EPROTO;
        SF_DIE("read(status pipe): short record from child");
    }
    outcome->error = failure.error;
    outcome->stage = stage_names[failure.stage];
    outcome->exit_code = failure.stage == STAGE_EXECV ? exit_code_for_exec_error(failure.error)
                                                      : SF_EXIT_SHIM_FAILURE;
}
