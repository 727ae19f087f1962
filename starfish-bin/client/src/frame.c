/* frame.c - see frame.h */
#include "frame.h"

#include <stdio.h>
#include <string.h>

static uint32_t get_u32(const unsigned char *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

void sfc_frame_put(struct sfc_buf *out, char type, const void *payload, size_t len) {
    unsigned char header[SFC_HEADER] = {(unsigned char)type, (unsigned char)(len >> 24), (unsigned char)(len >> 16),
                                        (unsigned char)(len >> 8), (unsigned char)len};
    sfc_buf_add(out, header, sizeof header);
    sfc_buf_add(out, payload, len);
}

void sfc_reader_init(struct sfc_reader *r) {
    r->have = 0;
}

int sfc_reader_inside(const struct sfc_reader *r) {
    return r->have > 0;
}

static const char *printable(char type, char *buf, size_t len) {
    unsigned char c = (unsigned char)type;
    if (c >= 0x21 && c < 0x7f) {
        snprintf(buf, len, "'%c'", type);
    } else {
        snprintf(buf, len, "0x%02x", c);
    }
    return buf;
}

/* judge_header: NULL when the header is acceptable, else why (written into why). */
static const char *judge_header(char type, uint32_t length, char *why, size_t why_len) {
    char name[8];
    uint32_t max;
    switch (type) {
    case SFC_STDOUT:
    case SFC_STDERR:
        max = SFC_FRAME_MAX;
        break;
    case SFC_WANT_STDIN:
        max = 0;
        break;
    case SFC_EXIT:
        if (length != 4) {
            snprintf(why, why_len, "an 'X' frame of %lu bytes, expected 4", (unsigned long)length);
            return why;
        }
        return NULL;
    default:
        snprintf(why, why_len, "a frame of unknown type %s (expected 'O', 'E', 'W' or 'X')",
                 printable(type, name, sizeof name));
        return why;
    }
    if (length > max) {
        snprintf(why, why_len, "an '%c' frame of %lu bytes, at most %lu", type, (unsigned long)length,
                 (unsigned long)max);
        return why;
    }
    return NULL;
}

enum sfc_read_result sfc_reader_next(struct sfc_reader *r, const unsigned char **in, size_t *n,
                                     struct sfc_frame *frame, char *why, size_t why_len) {
    while (*n > 0) {
        if (r->have < SFC_HEADER) {
            size_t take = SFC_HEADER - r->have < *n ? SFC_HEADER - r->have : *n;
            memcpy(r->header + r->have, *in, take);
            r->have += take, *in += take, *n -= take;
            if (r->have < SFC_HEADER) {
                return SFC_READ_MORE;
            }
            r->type = (char)r->header[0];
            r->length = get_u32(r->header + 1);
            if (judge_header(r->type, r->length, why, why_len) != NULL) {
                return SFC_READ_BAD;
            }
        }
        size_t got = r->have - SFC_HEADER;
        if (got < r->length) {
            size_t take = r->length - got < *n ? r->length - got : *n;
            memcpy(r->payload + got, *in, take);
            r->have += take, *in += take, *n -= take;
            got += take;
        }
        if (got < r->length) {
            return SFC_READ_MORE;
        }
        r->have = 0;
        *frame = (struct sfc_frame){r->type, r->length, r->payload, 0};
        if (r->type == SFC_EXIT) {
            uint32_t code = get_u32(r->payload);
            if (code > 255) {
                snprintf(why, why_len, "an 'X' frame with exit code %lu, expected 0 to 255", (unsigned long)code);
                return SFC_READ_BAD;
            }
            frame->exit_code = code;
        }
        return SFC_READ_FRAME;
    }
    return SFC_READ_MORE;
}
