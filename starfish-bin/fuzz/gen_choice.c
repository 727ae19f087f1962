/* gen_choice.c - the choice sources of gen_hlo.h: fuzzer bytes or a
 * splitmix64 stream. */
#include "gen_hlo.h"
#include <string.h>

void fz_from_bytes(fz_src *s, const unsigned char *data, size_t len) {
    memset(s, 0, sizeof *s);
    s->data = data; s->len = len; s->use_bytes = 1;
}

void fz_from_seed(fz_src *s, uint64_t seed) {
    memset(s, 0, sizeof *s);
    s->state = seed;
}

unsigned fz_pick(fz_src *s, unsigned n) {
    if (n <= 1) return 0;
    if (s->use_bytes) {
        if (s->pos >= s->len) return 0;
        return s->data[s->pos++] % n;
    }
    uint64_t z = (s->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return (unsigned)((z ^ (z >> 31)) % n);
}
