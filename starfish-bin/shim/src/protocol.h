/*
 * protocol.h - the frames the spawn server and the JVM exchange over the
 * server's stdin (requests) and stdout (responses). See ../README.md.
 *
 * A frame is a 9-byte header - type (1 byte), spawn id (u32), payload
 * length (u32), both big-endian - and the payload. Responses are at most
 * SF_FRAME_MAX bytes and written with one write(2), so frames of several
 * supervisors sharing the response pipe never interleave (PIPE_BUF).
 *
 * Requests:  'N' start a tool (payload: sf_parse_spawn), 'K' stop it.
 * Responses: 'O'/'E' a chunk of the tool's stdout/stderr, 'R' the report
 *            (the text of report.h: the run is over), 'X' the run was lost
 *            (its supervisor died before reporting; payload: why).
 */
#ifndef STARFISH_SHIM_PROTOCOL_H
#define STARFISH_SHIM_PROTOCOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SF_FRAME_HEADER 9
#define SF_FRAME_MAX 4096
#define SF_REQUEST_MAX (64u << 20) /* largest request payload accepted */

#define SF_REQ_SPAWN 'N'
#define SF_REQ_KILL 'K'
#define SF_RSP_STDOUT 'O'
#define SF_RSP_STDERR 'E'
#define SF_RSP_REPORT 'R'
#define SF_RSP_LOST 'X'

struct sf_frame_header {
    char type;
    uint32_t id;
    uint32_t length;
};

/*
 * sf_frame_write: writes header and payload (len <= SF_FRAME_MAX -
 * SF_FRAME_HEADER) with one write(2), retried on EINTR. Returns 0, or -1
 * with errno set (EPIPE when the JVM is gone; SIGPIPE must be ignored).
 */
int sf_frame_write(int fd, char type, uint32_t id, const void *payload, size_t len);

/*
 * sf_frame_read_header: reads one header, blocking. Returns 1, or 0 at a
 * clean end of stream before the first byte. Dies (125) on a read error
 * or a stream that ends inside the header.
 */
int sf_frame_read_header(int fd, struct sf_frame_header *header);

/*
 * sf_read_exact: reads exactly len bytes, blocking, retried on EINTR.
 * Dies (125) on a read error or a premature end of stream.
 */
void sf_read_exact(int fd, void *buf, size_t len);

/*
 * A parsed 'N' payload: NUL-terminated fields, in this order: cwd,
 * cpu_limit_s (whole seconds, 0 none), timeout_ms (0 none), grace_ms,
 * merge_stderr (0|1), argc, argc words of argv, envc, envc words of the
 * environment ("NAME=value"). Every pointer aliases the payload.
 */
struct sf_spawn_spec {
    const char *cwd;
    unsigned long cpu_limit_s;
    double timeout_s;
    double grace_s;
    bool merge_stderr;
    char **argv; /* argc words and a NULL, malloc'd */
    char **envp; /* envc words and a NULL, malloc'd */
};

/*
 * sf_parse_spawn: parses payload[0..len) into *spec. Returns NULL, or a
 * static message naming the first field that is missing or malformed
 * (then nothing is allocated). sf_free_spawn releases argv and envp.
 */
const char *sf_parse_spawn(char *payload, size_t len, struct sf_spawn_spec *spec);
void sf_free_spawn(struct sf_spawn_spec *spec);

#endif
