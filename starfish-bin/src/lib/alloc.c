/* alloc.c - liveness-based placement of tensors in the on-chip buffer
 * (first fit over a sorted free list, 64-byte aligned, freed blocks are
 * coalesced and reused). See pg_allocate in alloc.h. */
#include "alloc.h"
#include <stdlib.h>
#include <string.h>

typedef struct { int64_t off, size; } blk;
typedef struct { blk *b; int n, cap; int64_t total; } freelist;

#define ALIGN 64

static int64_t align_up(int64_t v) { return (v + ALIGN - 1) / ALIGN * ALIGN; }

static int fl_insert(freelist *f, int at, blk x) {
    if (f->n == f->cap) {
        int nc = f->cap ? f->cap * 2 : 16;
        blk *nb = realloc(f->b, sizeof *nb * (size_t)nc);
        if (!nb) return 0;
        f->b = nb; f->cap = nc;
    }
    memmove(&f->b[at + 1], &f->b[at], sizeof(blk) * (size_t)(f->n - at));
    f->b[at] = x;
    f->n++;
    return 1;
}

static int64_t fl_take(freelist *f, int64_t size) {
    for (int i = 0; i < f->n; i++) {
        if (f->b[i].size < size) continue;
        int64_t off = f->b[i].off;
        f->b[i].off += size; f->b[i].size -= size;
        if (f->b[i].size == 0) { memmove(&f->b[i], &f->b[i + 1], sizeof(blk) * (size_t)(f->n - i - 1)); f->n--; }
        f->total -= size;
        return off;
    }
    return -1;
}

static int fl_give(freelist *f, int64_t off, int64_t size) {
    int i = 0;
    while (i < f->n && f->b[i].off < off) i++;
    f->total += size;
    if (i > 0 && f->b[i - 1].off + f->b[i - 1].size == off) {
        f->b[i - 1].size += size;
        if (i < f->n && f->b[i - 1].off + f->b[i - 1].size == f->b[i].off) {
            f->b[i - 1].size += f->b[i].size;
            memmove(&f->b[i], &f->b[i + 1], sizeof(blk) * (size_t)(f->n - i - 1));
            f->n--;
        }
        return 1;
    }
    if (i < f->n && off + size == f->b[i].off) { f->b[i].off = off; f->b[i].size += size; return 1; }
    return fl_insert(f, i, (blk){off, size});
}

static int place(pg_kprog *k, freelist *f, int t, pg_diag *d) {
    pg_ktensor *kt = &k->t[t];
    int64_t need = align_up(kt->bytes > 0 ? kt->bytes : 1);
    kt->offset = fl_take(f, need);
    if (kt->offset < 0)
        return pg_diag_set(d, 0, 0, "tensor '%s' needs %lld bytes; %lld of %lld free in the buffer (raise --buffer-bytes)",
                           kt->name,
                           (long long)kt->bytes, (long long)f->total, (long long)k->buffer_bytes);
    return 1;
}

static int release(pg_kprog *k, freelist *f, int t) {
    pg_ktensor *kt = &k->t[t];
    return fl_give(f, kt->offset, align_up(kt->bytes > 0 ? kt->bytes : 1));
}

int pg_allocate(pg_kprog *k, int64_t buffer_bytes, pg_diag *d, int *oom) {
    freelist f = {0};
    int ok = 1;
    *oom = 0;
    k->buffer_bytes = buffer_bytes;
    for (int i = 0; i < k->nt; i++) k->t[i].bytes = pg_tensor_bytes(&k->t[i].shape);
    pg_liveness(k);
    if (!fl_insert(&f, 0, (blk){0, buffer_bytes / ALIGN * ALIGN})) { *oom = 1; return pg_diag_set(d, 0, 0, "out of memory"); }
    f.total = f.b[0].size;
    for (int i = 0; i < k->nt && ok; i++)
        if (k->t[i].def == -1) ok = place(k, &f, i, d);
    for (int i = 0; i < k->nt && ok; i++)
        if (k->t[i].def == -1 && k->t[i].last == -1) ok = release(k, &f, i) || (*oom = 1, pg_diag_set(d, 0, 0, "out of memory"));
    /* tensors bucketed by the instruction that last uses them (counting
     * sort), so each step releases its tensors without scanning all */
    int *start = calloc((size_t)k->ni + 2, sizeof *start), *dying = malloc(sizeof *dying * ((size_t)k->nt + 1));
    if (ok && (!start || !dying)) { *oom = 1; ok = pg_diag_set(d, 0, 0, "out of memory"); }
    for (int i = 0; i < k->nt && ok; i++) if (k->t[i].last >= 0 && k->t[i].last < k->ni) start[k->t[i].last + 1]++;
    for (int n = 0; n < k->ni && ok; n++) start[n + 1] += start[n];
    for (int i = 0; i < k->nt && ok; i++) if (k->t[i].last >= 0 && k->t[i].last < k->ni) dying[start[k->t[i].last]++] = i;
    for (int n = 0, at = 0; n < k->ni && ok; n++) {
        int dst = k->ins[n].dst;
        if (dst >= 0 && k->t[dst].def == n) ok = place(k, &f, dst, d);
        for (; at < start[n] && ok; at++)
            if (k->t[dying[at]].offset >= 0)
                ok = release(k, &f, dying[at]) || (*oom = 1, pg_diag_set(d, 0, 0, "out of memory"));
    }
    free(start);
    free(dying);
    free(f.b);
    return ok;
}
