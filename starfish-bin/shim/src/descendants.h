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

/*
 * sf_reap_descendants: the end of the shim's work. While the shim has a
 * child (every orphan below it is re-parented to it, so no child means no
 * descendant): SIGKILL every descendant and reap with waitpid(-1),
 * retried on EINTR, until waitpid reports ECHILD. Returns only when the
 * whole tree is gone, so the shim never exits while a process it started
 * still runs; with no child left it returns at once without reading
 * /proc. Call after the tool itself was reaped. Dies (125) on an
 * unexpected waitpid error.
 */
void sf_reap_descendants(void);

#endif
