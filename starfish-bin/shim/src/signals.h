/*
 * signals.h - the shim's signal handling: a self-pipe for SIGCHLD and the
 * forwarded signals, resetting signals before exec, and re-raising the
 * tool's fatal signal on the shim.
 *
 * The only global state is the write end of the self-pipe, used by the
 * handler.
 */
#ifndef STARFISH_SHIM_SIGNALS_H
#define STARFISH_SHIM_SIGNALS_H

#include <signal.h>
#include <stddef.h>

/* Bits returned by sf_signals_drain. */
#define SF_GOT_SIGCHLD 0x1
#define SF_GOT_TERMINATE 0x2 /* SIGTERM, SIGINT or SIGHUP */

/*
 * sf_signals_install: creates the self-pipe (both ends close-on-exec, the
 * write end non-blocking), installs one handler for SIGCHLD, SIGTERM, SIGINT
 * and SIGHUP that writes the signal number as one byte into it, and ignores
 * SIGPIPE so a vanished JVM cannot kill the shim while it writes to stderr.
 * Returns the non-blocking read end, to be polled. Call once; dies (125) on
 * failure.
 */
int sf_signals_install(void);

/*
 * sf_signals_reopen: for a forked copy of the process (the spawn server's
 * supervisors): closes both ends of the inherited self-pipe, whose read end
 * is old_fd, and creates a fresh one for the same handler, so the copy
 * never wakes up on the original's signals nor the original on the copy's.
 * Returns the new read end. Dies (125) on failure.
 */
int sf_signals_reopen(int old_fd);

/*
 * sf_signals_block: blocks the four handled signals and stores the previous
 * mask in *old, so fork can happen without a handler running in the child.
 * sf_signals_restore puts *old back. Both die (125) on failure.
 */
void sf_signals_block(sigset_t *old);
void sf_signals_restore(const sigset_t *old);

/*
 * sf_signals_reset_for_exec: for the forked child only. Sets every catchable
 * signal to SIG_DFL (SIGKILL, SIGSTOP and glibc's reserved real-time signals
 * are skipped) and then clears the signal mask. Async-signal-safe. Returns
 * 0, or -1 with errno set and nothing else done after the failing call.
 */
int sf_signals_reset_for_exec(void);

/*
 * sf_signals_drain: reads everything pending in the self-pipe (non-blocking)
 * and returns an OR of SF_GOT_* bits, or 0 if nothing was pending. Dies (125)
 * on a read error other than EAGAIN/EINTR.
 */
int sf_signals_drain(int signal_fd);

/*
 * sf_signals_reraise: makes the shim die of `sig` like its tool did: disables
 * core dumps for the shim (the tool already dumped if it was going to), sets
 * `sig` to SIG_DFL, unblocks it and sends it to the shim. Returns only if the
 * shim survived (the signal's default action is not fatal); the caller then
 * exits with 128 + sig.
 */
void sf_signals_reraise(int sig);

/*
 * sf_signal_name: writes "SIGKILL"-style name of `sig` into buf (always
 * NUL-terminated): "SIGRTMIN+n" for real-time signals, "SIG<n>" if unknown,
 * "" for 0.
 */
void sf_signal_name(int sig, char *buf, size_t len);

#endif
