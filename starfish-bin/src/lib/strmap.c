/* strmap.c - see strmap.h */
#include "strmap.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t hash(const char *s, size_t n) {
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < n; i++) { h ^= (unsigned char)s[i]; h *= 1099511628211u; }
    return h;
}

static int alloc_table(pg_strmap *m, size_t cap) {
    m->keys = calloc(cap, sizeof *m->keys);
    m->lens = calloc(cap, sizeof *m->lens);
    m->vals = calloc(cap, sizeof *m->vals);
    if (!m->keys || !m->lens || !m->vals) { pg_strmap_free(m); return 0; }
    m->cap = cap;
    m->n = 0;
    return 1;
}

int pg_strmap_init(pg_strmap *m, size_t expected) {
    memset(m, 0, sizeof *m);
    size_t cap = 16;
    while (cap < expected * 2 && cap < ((size_t)1 << 40)) cap *= 2;
    return alloc_table(m, cap);
}

/* slot: index of key's slot, or of the empty slot where it would go */
static size_t slot(const pg_strmap *m, const char *key, size_t len) {
    size_t i = (size_t)hash(key, len) & (m->cap - 1);
    while (m->keys[i] && !(m->lens[i] == len && memcmp(m->keys[i], key, len) == 0)) i = (i + 1) & (m->cap - 1);
    return i;
}

static int grow(pg_strmap *m) {
    pg_strmap old = *m;
    if (!alloc_table(m, old.cap * 2)) { *m = old; return 0; }
    for (size_t i = 0; i < old.cap; i++) {
        if (!old.keys[i]) continue;
        size_t j = slot(m, old.keys[i], old.lens[i]);
        m->keys[j] = old.keys[i]; m->lens[j] = old.lens[i]; m->vals[j] = old.vals[i];
        m->n++;
    }
    pg_strmap_free(&old);
    return 1;
}

int pg_strmap_put(pg_strmap *m, const char *key, size_t len, int val, int *old) {
    if (!m->cap) return -1;
    size_t i = slot(m, key, len);
    if (m->keys[i]) { if (old) *old = m->vals[i]; return 0; }
    if ((m->n + 1) * 2 > m->cap) {
        if (!grow(m)) return -1;
        i = slot(m, key, len);
    }
    m->keys[i] = key; m->lens[i] = len; m->vals[i] = val;
    m->n++;
    return 1;
}

int pg_strmap_get(const pg_strmap *m, const char *key, size_t len) {
    if (!m->cap) return -1;
    size_t i = slot(m, key, len);
    return m->keys[i] ? m->vals[i] : -1;
}

void pg_strmap_free(pg_strmap *m) {
    free(m->keys); free(m->lens); free(m->vals);
    memset(m, 0, sizeof *m);
}
