/* base.c - see base.h */
#include "base.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pg_arena_block { pg_arena_block *next; size_t used, cap; unsigned char *data; };

#define PG_ARENA_CHUNK (64u * 1024u)

void pg_arena_init(pg_arena *a) { a->head = NULL; }

void *pg_arena_alloc(pg_arena *a, size_t n) {
    if (n > ((size_t)1 << 40)) return NULL;
    n = (n + 15u) & ~(size_t)15u;
    if (n == 0) n = 16;
    pg_arena_block *b = a->head;
    if (!b || b->cap - b->used < n) {
        size_t cap = n > PG_ARENA_CHUNK ? n : PG_ARENA_CHUNK;
        b = malloc(sizeof *b);
        if (!b) return NULL;
        b->data = malloc(cap);
        if (!b->data) { free(b); return NULL; }
        b->used = 0; b->cap = cap;
        /* keep a partially used big head block first only when it has room */
        if (a->head && n > PG_ARENA_CHUNK) { b->next = a->head->next; a->head->next = b; }
        else { b->next = a->head; a->head = b; }
    }
    void *p = b->data + b->used;
    b->used += n;
    memset(p, 0, n);
    return p;
}

char *pg_arena_strndup(pg_arena *a, const char *s, size_t n) {
    char *p = pg_arena_alloc(a, n + 1);
    if (!p) return NULL;
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

void pg_arena_free(pg_arena *a) {
    pg_arena_block *b = a->head;
    while (b) { pg_arena_block *n = b->next; free(b->data); free(b); b = n; }
    a->head = NULL;
}

static int sbuf_reserve(pg_sbuf *b, size_t extra) {
    if (b->oom) return 0;
    if (b->len + extra + 1 <= b->cap) return 1;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1) {
        if (cap > ((size_t)1 << 40)) { b->oom = 1; return 0; }
        cap *= 2;
    }
    char *p = realloc(b->p, cap);
    if (!p) { b->oom = 1; return 0; }
    b->p = p; b->cap = cap;
    return 1;
}

void pg_sbuf_putn(pg_sbuf *b, const char *s, size_t n) {
    if (!sbuf_reserve(b, n)) return;
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

void pg_sbuf_printf(pg_sbuf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char tmp[256];
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) { b->oom = 1; va_end(ap2); return; }
    if ((size_t)n < sizeof tmp) { pg_sbuf_putn(b, tmp, (size_t)n); va_end(ap2); return; }
    if (sbuf_reserve(b, (size_t)n)) {
        vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap2);
        b->len += (size_t)n;
    }
    va_end(ap2);
}

void pg_sbuf_json_str(pg_sbuf *b, const char *s) {
    pg_sbuf_putn(b, "\"", 1);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') { char e[2] = {'\\', (char)c}; pg_sbuf_putn(b, e, 2); }
        else if (c < 0x20) pg_sbuf_printf(b, "\\u%04x", c);
        else pg_sbuf_putn(b, (const char *)&c, 1);
    }
    pg_sbuf_putn(b, "\"", 1);
}

void pg_sbuf_free(pg_sbuf *b) { free(b->p); b->p = NULL; b->len = b->cap = 0; b->oom = 0; }

/* shorten_words: every word (run of non-blanks) of s longer than 2*keep+3
 * becomes its first and last `keep` bytes around "..."; in place */
static void shorten_words(char *s, size_t keep) {
    char *out = s;
    const char *p = s;
    while (*p) {
        size_t w = strcspn(p, " ");
        if (w > 2 * keep + 3) {
            memmove(out, p, keep);
            memcpy(out + keep, "...", 3);
            memmove(out + keep + 3, p + w - keep, keep);
            out += 2 * keep + 3;
        } else {
            memmove(out, p, w);
            out += w;
        }
        p += w;
        while (*p == ' ') *out++ = *p++;
    }
    *out = 0;
}

void pg_diag_vset(pg_diag *d, int line, int col, const char *fmt, va_list ap) {
    if (!d) return;
    d->line = line; d->col = col; d->len = 0;
    va_list again;
    va_copy(again, ap);
    int need = vsnprintf(d->msg, sizeof d->msg, fmt, ap);
    /* too long only through an overlong name: keep every word, shorten the long ones */
    char *full = need >= (int)sizeof d->msg ? malloc((size_t)need + 1) : NULL;
    if (full) {
        vsnprintf(full, (size_t)need + 1, fmt, again);
        for (size_t keep = 60; keep >= 8 && strlen(full) >= sizeof d->msg; keep /= 2) shorten_words(full, keep);
        if (strlen(full) < sizeof d->msg) memcpy(d->msg, full, strlen(full) + 1);
        free(full);
    }
    va_end(again);
}

int pg_diag_set(pg_diag *d, int line, int col, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    pg_diag_vset(d, line, col, fmt, ap);
    va_end(ap);
    return 0;
}

int pg_mul_ok(int64_t a, int64_t b, int64_t *r) {
    const int64_t lim = (int64_t)1 << 50;
    if (a < 0 || b < 0) return 0;
    if (a != 0 && b > lim / a) return 0;
    *r = a * b;
    return *r <= lim;
}
