/*
 * fuzz_frames.c - libFuzzer entry for the client's frame reader (src/frame.c):
 * the first byte picks the chunk size the rest is fed in; every frame read
 * must respect the limits, and feeding stops at the first refusal.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "frame.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static struct sfc_reader r;
    if (size == 0) {
        return 0;
    }
    size_t chunk = (size_t)data[0] % 17 + 1;
    sfc_reader_init(&r);
    for (size_t at = 1; at < size;) {
        size_t n = size - at < chunk ? size - at : chunk;
        const unsigned char *in = data + at;
        at += n;
        for (;;) {
            struct sfc_frame f;
            char why[160];
            enum sfc_read_result got = sfc_reader_next(&r, &in, &n, &f, why, sizeof why);
            if (got == SFC_READ_BAD) {
                return 0;
            }
            if (got == SFC_READ_MORE) {
                if (n != 0) {
                    abort();
                }
                break;
            }
            if (f.length > SFC_FRAME_MAX || (f.type == 'X' && f.exit_code > 255) || (f.type == 'W' && f.length)) {
                abort();
            }
        }
    }
    return 0;
}
