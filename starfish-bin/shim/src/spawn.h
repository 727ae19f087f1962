/*
 * spawn.h - starting the tool in its own session with a clean signal state.
 */
#ifndef STARFISH_SHIM_SPAWN_H
#define STARFISH_SHIM_SPAWN_H

#include <sys/types.h>

struct sf_spawn_request {
    char *const *argv;         /* argv[0] is the path given to execve */
    char *const *envp;         /* the tool's environment; NULL: the shim's own */
    const char *cwd;           /* working directory to chdir to; NULL: the shim's own */
    int stdout_fd;             /* becomes the tool's stdout; -1: inherited */
    int stderr_fd;             /* becomes the tool's stderr; -1: inherited */
    unsigned long cpu_limit_s; /* 0: leave RLIMIT_CPU alone */
};

struct sf_spawn_outcome {
    pid_t pid;         /* child pid, also its session and process group id */
    int error;         /* 0 if exec succeeded, else the errno of `stage` */
    const char *stage; /* failing call ("execve", "chdir", ...), or NULL */
    int exit_code;     /* what the child _exit()ed with on failure */
};

/*
 * sf_ensure_standard_fds: opens /dev/null on any of fds 0, 1, 2 that is
 * closed, so later files never land on them by accident. Dies (125) on
 * failure.
 */
void sf_ensure_standard_fds(void);

/*
 * sf_spawn_tool: forks with the shim's handled signals blocked. The child
 * resets every signal disposition to default and clears its mask, calls
 * setsid() (so the tool leads its own session and process group, with pgid
 * == pid), puts /dev/null on stdin, dup2()s stdout_fd/stderr_fd onto 1/2
 * when given (else they stay inherited), chdir()s to cwd when given, sets
 * RLIMIT_CPU soft=N hard=N+1 when a CPU limit is requested, and execve()s
 * with envp (the shim's environment when NULL).
 * A close-on-exec pipe carries a failure back: the parent blocks until exec
 * succeeded (EOF) or the child reported which call failed, so on return the
 * tool's process group is known to exist. A failed child _exit()s with 126
 * (not executable: EACCES, ENOEXEC, EISDIR, EPERM), 127 (other execve errors)
 * or 125 (setup before execv failed); the parent must still reap it. Dies
 * (125) if fork or the pipe fails.
 */
void sf_spawn_tool(const struct sf_spawn_request *request, struct sf_spawn_outcome *outcome);

#endif
