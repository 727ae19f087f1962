/*
 * frame.h - the frames of the Starfish server protocol, version 1
 * (docs: ../README.md and the protocol section of docs/server.md).
 *
 * A frame is type (1 ASCII byte) | length (u32, big-endian) | payload.
 * A REQUEST payload is at most SFC_REQUEST_MAX bytes, every other frame's
 * at most SFC_FRAME_MAX.
 *
 * Client -> server: 'Q' request, 'I' stdin bytes, 'i' stdin EOF, 'K' signal
 * (1 byte), 'Z' stop when idle, 'S' status.
 * Server -> client: 'O' stdout bytes, 'E' stderr bytes, 'W' want stdin
 * (empty), 'X' exit (4 bytes, u32 big-endian, 0..255).
 */
#ifndef STARFISH_CLIENT_FRAME_H
#define STARFISH_CLIENT_FRAME_H

#include <stddef.h>
#include <stdint.h>

#include "fail.h"

#define SFC_HEADER 5
#define SFC_FRAME_MAX (64u * 1024)
#define SFC_REQUEST_MAX (1024u * 1024)

#define SFC_REQUEST 'Q'
#define SFC_STDIN 'I'
#define SFC_STDIN_EOF 'i'
#define SFC_SIGNAL 'K'
#define SFC_STOP_WHEN_IDLE 'Z'
#define SFC_STATUS 'S'
#define SFC_STDOUT 'O'
#define SFC_STDERR 'E'
#define SFC_WANT_STDIN 'W'
#define SFC_EXIT 'X'

/* sfc_frame_put: appends one frame (header and payload[0..len)) to out. */
void sfc_frame_put(struct sfc_buf *out, char type, const void *payload, size_t len);

/* One frame from the server; payload aliases the reader and lives until the next call. */
struct sfc_frame {
    char type;
    uint32_t length;
    const unsigned char *payload;
    unsigned exit_code; /* 'X' only */
};

/* Incremental reader of server frames. Zero-initialise (or sfc_reader_init) to start. */
struct sfc_reader {
    unsigned char header[SFC_HEADER];
    size_t have; /* header bytes, then SFC_HEADER + payload bytes received */
    char type;
    uint32_t length;
    unsigned char payload[SFC_FRAME_MAX];
};

enum sfc_read_result { SFC_READ_MORE, SFC_READ_FRAME, SFC_READ_BAD };

void sfc_reader_init(struct sfc_reader *r);

/*
 * sfc_reader_next: consumes bytes from *in (advancing *in, *n) until one
 * frame is complete (SFC_READ_FRAME, *frame filled), the input is used up
 * (SFC_READ_MORE), or the server broke the protocol (SFC_READ_BAD, why holds
 * a text such as "an 'O' frame of 65537 bytes, at most 65536"). A header is
 * judged as soon as it is complete: a type the server never sends, or a
 * length over its limit ('W' 0, 'X' 4, 'O'/'E' SFC_FRAME_MAX), is refused
 * before any payload is read; an 'X' code over 255 when the frame is complete.
 * After SFC_READ_BAD the reader must not be used again.
 */
enum sfc_read_result sfc_reader_next(struct sfc_reader *r, const unsigned char **in, size_t *n,
                                     struct sfc_frame *frame, char *why, size_t why_len);

/* sfc_reader_inside: nonzero when bytes of an unfinished frame were consumed (EOF there = truncated). */
int sfc_reader_inside(const struct sfc_reader *r);

#endif
