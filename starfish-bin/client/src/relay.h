/*
 * relay.h - one request over a connected socket, from REQUEST to EXIT.
 *
 * The socket is made non-blocking and everything the client sends waits in
 * one queue written as the socket accepts it, so a server that writes output
 * while the client forwards stdin can never deadlock the two. One poll loop:
 *   - 'O' bytes go to fd 1 and 'E' bytes to fd 2 as they come, in order (full
 *     writes). After a failed write to fd 1 (EPIPE: the reader of a pipe is
 *     gone) every later 'O' byte is dropped and the command runs on to its
 *     own exit code, as in a one-shot JVM, whose System.out swallows the
 *     error. A failed write to fd 2 drops those bytes.
 *   - after 'W', stdin is read (only while the queue holds less than one frame:
 *     back-pressure) and sent as 'I' frames of <= SFC_FRAME_MAX, then 'i' at
 *     end of file or on a read error.
 *   - a caught SIGINT/SIGTERM/SIGHUP is sent as 'K' with its number.
 *   - 'X' ends the relay with its code.
 * End of stream before 'X' (also inside a frame): sfc_server_ended (crash.h),
 * exit 134. A frame that breaks the protocol: one line, exit 1.
 */
#ifndef STARFISH_CLIENT_RELAY_H
#define STARFISH_CLIENT_RELAY_H

#include "fail.h"
#include "place.h"

/*
 * sfc_relay: sends request (a complete 'Q' frame, consumed) on sock and
 * relays until the end; signal_fd is the self-pipe of sfc_catch_signals.
 * place names the server's log and files in messages. Returns the exit code;
 * closes sock.
 */
int sfc_relay(int sock, int signal_fd, struct sfc_buf *request, const struct sfc_place *place);

#endif
