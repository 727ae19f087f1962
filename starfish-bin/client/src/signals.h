/*
 * signals.h - SIGINT, SIGTERM and SIGHUP as bytes on a self-pipe, so the
 * relay's poll loop turns them into 'K' frames outside any handler.
 * A signal that was ignored when the client started (a background job of a
 * non-interactive shell, nohup) stays ignored, as it would for the one-shot
 * JVM. SIGPIPE is ignored: a write to a closed pipe or socket fails with EPIPE.
 */
#ifndef STARFISH_CLIENT_SIGNALS_H
#define STARFISH_CLIENT_SIGNALS_H

/* sfc_ignore_sigpipe: sets SIGPIPE to SIG_IGN (call first thing). */
void sfc_ignore_sigpipe(void);

/*
 * sfc_catch_signals: installs the handlers; returns the read end of the
 * self-pipe (non-blocking, close-on-exec). Each caught signal is one byte,
 * its number. Exits 1 when the pipe cannot be made.
 */
int sfc_catch_signals(void);

#endif
