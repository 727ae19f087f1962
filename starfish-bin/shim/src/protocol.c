#define _GNU_SOURCE
#include "protocol.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fatal.h"

static void put_u32(unsigned char *at, uint32_t value) {
    at[0] = (unsigned char)(value >> 24);
    at[1] = (unsigned char)(value >> 16);
    at[2] = (unsigned char)(value >> 8);
    at[3] = (unsigned char)value;
}

static uint32_t get_u32(const unsigned char *at) {
    return (uint32_t)at[0] << 24 | (uint32_t)at[1] << 16 | (uint32_t)at[2] << 8 | (uint32_t)at[3];
}

int sf_frame_write(int fd, char type, uint32_t id, const void *payload, size_t len) {
    unsigned char frame[SF_FRAME_MAX];
    if (len > SF_FRAME_MAX - SF_FRAME_HEADER) {
        errno = EMSGSIZE;
        return -1;
    }
    frame[0] = (unsigned char)type;
    put_u32(frame + 1, id);
    put_u32(frame + 5, (uint32_t)len);
    if (len > 0) {
        memcpy(frame + SF_FRAME_HEADER, payload, len);
    }
    ssize_t n;
    do {
        n = write(fd, frame, SF_FRAME_HEADER + len);
    } while (n < 0 && errno == EINTR);
    return n == (ssize_t)(SF_FRAME_HEADER + len) ? 0 : -1;
}

/* Reads up to len bytes; returns how many arrived before the end of stream. */
static size_t read_some(int fd, unsigned char *buf, size_t len) {
    size_t done = 0;
    while (done < len) {
        ssize_t n = read(fd, buf + done, len - done);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            SF_DIE("read(request)");
        }
        if (n == 0) {
            break;
        }
        done += (size_t)n;
    }
    return done;
}

void sf_read_exact(int fd, void *buf, size_t len) {
    if (read_some(fd, buf, len) != len) {
        errno = EPROTO;
        SF_DIE("read(request): stream ended inside a frame");
    }
}

int sf_frame_read_header(int fd, struct sf_frame_header *header) {
    unsigned char raw[SF_FRAME_HEADER];
    size_t got = read_some(fd, raw, 1);
    if (got == 0) {
        return 0;
    }
    sf_read_exact(fd, raw + 1, SF_FRAME_HEADER - 1);
    header->type = (char)raw[0];
    header->id = get_u32(raw + 1);
    header->length = get_u32(raw + 5);
    return 1;
}

/* The next NUL-terminated field at *at, or NULL when the payload ends first. */
static char *next_field(char **at, char *end) {
    char *field = *at;
    char *nul = field < end ? memchr(field, '\0', (size_t)(end - field)) : NULL;
    if (nul == NULL) {
        return NULL;
    }
    *at = nul + 1;
    return field;
}

static bool parse_count(const char *text, unsigned long max, unsigned long *out) {
    char *end = NULL;
    errno = 0;
    unsigned long value = text != NULL && text[0] >= '0' && text[0] <= '9' ? strtoul(text, &end, 10) : 0;
    if (text == NULL || end == NULL || end == text || *end != '\0' || errno != 0 || value > max) {
        return false;
    }
    *out = value;
    return true;
}

/* count words at *at into a NULL-terminated malloc'd vector; NULL when short. */
static char **words(char **at, char *end, unsigned long count) {
    char **vector = calloc(count + 1, sizeof *vector);
    if (vector == NULL) {
        SF_DIE("calloc");
    }
    for (unsigned long i = 0; i < count; i++) {
        if ((vector[i] = next_field(at, end)) == NULL) {
            free(vector);
            return NULL;
        }
    }
    return vector;
}

const char *sf_parse_spawn(char *payload, size_t len, struct sf_spawn_spec *spec) {
    char *at = payload;
    char *end = payload + len;
    unsigned long cpu, timeout_ms, grace_ms, merge, argc, envc;
    memset(spec, 0, sizeof *spec);
    if ((spec->cwd = next_field(&at, end)) == NULL || spec->cwd[0] != '/') {
        return "cwd: expected an absolute directory";
    }
    if (!parse_count(next_field(&at, end), 1000000000UL, &cpu)) {
        return "cpu_limit_s: expected a whole number of seconds";
    }
    if (!parse_count(next_field(&at, end), 1000UL * 3600 * 24 * 365, &timeout_ms)) {
        return "timeout_ms: expected a whole number of milliseconds";
    }
    if (!parse_count(next_field(&at, end), 1000UL * 3600 * 24 * 365, &grace_ms)) {
        return "grace_ms: expected a whole number of milliseconds";
    }
    if (!parse_count(next_field(&at, end), 1, &merge)) {
        return "merge_stderr: expected 0 or 1";
    }
    if (!parse_count(next_field(&at, end), len, &argc) || argc == 0) {
        return "argc: expected a positive count";
    }
    if ((spec->argv = words(&at, end, argc)) == NULL || spec->argv[0][0] != '/') {
        free(spec->argv);
        spec->argv = NULL;
        return "argv: expected argc words, the first an absolute path";
    }
    if (!parse_count(next_field(&at, end), len, &envc) || (spec->envp = words(&at, end, envc)) == NULL
        || at != end) {
        sf_free_spawn(spec);
        return "env: expected envc words ending the payload";
    }
    spec->cpu_limit_s = cpu;
    spec->timeout_s = (double)timeout_ms / 1000.0;
    spec->grace_s = (double)grace_ms / 1000.0;
    spec->merge_stderr = merge == 1;
    return NULL;
}

void sf_free_spawn(struct sf_spawn_spec *spec) {
    free(spec->argv);
    free(spec->envp);
    spec->argv = NULL;
    spec->envp = NULL;
}
