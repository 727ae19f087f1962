/*
 * descendants.h - the shim as a child subreaper: finding, signalling and
 * reaping every process below it, including those that left the tool's
 * session or process group with setsid()/setpgid().
 */
#ifndef STARFISH_SHIM_DESCENDANTS_H
#define STARFISH_SHIM_DESCENDANTS_H

#include <sys/types.h>

/*
 * sf_become_subreaper: prctl(PR_SET_CHILD_SUBREAPER, 1), as Bazel's
 * process-wrapper does. Every descendant orphaned while the shim lives is
 * re-parented to the shim instead of init, so the parent links in /proc
 * still lead to it and the shim can reap it. Call before spawning the
 * tool. Dies (125) on failure.
 */
void sf_become_subreaper(void);

/*
 * sf_signal_descendants: sends `sig` to every process below the shim,
 * found by following the parent pid of each /proc/<pid>/stat (the kernel
 * may lack /proc/<pid>/task/<tid>/children, so the whole /proc is read
 * once per call). Members of process group `skip_pgid` are skipped (the
 * caller signals that group as a whole; 0 skips none). A process that is
 * gone meanwhile (ESRCH) is fine; EPERM is a warning. Returns the number
 * of descendants found, skipped ones included. Dies (125) when /proc
 * cannot be read.
 */
int sf_signal_descendants(int sig, pid_t skip_pgid);

/* How long an orphan still running when the tool has been reaped may take
 * to end by itself before it is looked for in /proc and killed (ms). */
#define SF_ORPHAN_GRACE_MS 50

/*
 * sf_reap_descendants: the end of the shim's work. Reaps every child that
 * has ended (every orphan below the shim is re-parented to it, so no child
 * means no descendant) without reading /proc: the common case, including
 * bwrap's pid 1 that outlives bwrap by the time its namespaces take to go.
 * A child still running is given SF_ORPHAN_GRACE_MS to end (woken by
 * SIGCHLD on `signal_fd`, the self-pipe; cut short by SIGTERM, SIGINT or
 * SIGHUP); then every descendant gets SIGKILL and is reaped with
 * waitpid(-1), retried on EINTR, until waitpid reports ECHILD. Returns
 * only when the whole tree is gone, so the shim never exits while a
 * process it started still runs. Call after the tool itself was reaped.
 * Dies (125) on an unexpected waitpid or poll error.
 */
void sf_reap_descendants(int signal_fd);

#endif
