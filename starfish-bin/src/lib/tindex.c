/* tindex.c - see tindex.h */
#include "tindex.h"
#include <string.h>

void pg_strides(const pg_shape *s, int64_t *st) {
    int64_t acc = 1;
    for (int i = s->rank - 1; i >= 0; i--) { st[i] = acc; acc *= s->dims[i]; }
}

int64_t pg_offset_of(const int64_t *idx, const int64_t *st, int rank) {
    int64_t o = 0;
    for (int i = 0; i < rank; i++) o += idx[i] * st[i];
    return o;
}

void pg_broadcast_strides(const pg_shape *out, const pg_shape *in, const int64_t *dims, int64_t *st) {
    int64_t ins[PG_MAX_RANK];
    pg_strides(in, ins);
    for (int d = 0; d < out->rank; d++) st[d] = 0;
    for (int i = 0; i < in->rank; i++) st[dims[i]] = in->dims[i] == 1 ? 0 : ins[i];
}

void pg_transpose_strides(const pg_shape *in, const int64_t *perm, int64_t *st) {
    int64_t ins[PG_MAX_RANK];
    pg_strides(in, ins);
    for (int d = 0; d < in->rank; d++) st[d] = ins[perm[d]];
}

void pg_reduce_strides(const pg_shape *in, const int64_t *dims, int nd, int64_t *st) {
    int64_t acc = 1;
    for (int d = in->rank - 1; d >= 0; d--) {
        int red = 0;
        for (int i = 0; i < nd; i++) if (dims[i] == d) red = 1;
        if (red) st[d] = 0;
        else { st[d] = acc; acc *= in->dims[d]; }
    }
}

void pg_cursor_init(pg_cursor *c, const pg_shape *shape, const int64_t *st) {
    c->rank = shape->rank;
    for (int i = 0; i < c->rank; i++) { c->dims[i] = shape->dims[i]; c->idx[i] = 0; c->st[i] = st[i]; }
    c->off = 0;
}

int pg_cursor_next(pg_cursor *c) {
    for (int d = c->rank - 1; d >= 0; d--) {
        c->idx[d]++;
        c->off += c->st[d];
        if (c->idx[d] < c->dims[d]) return 1;
        c->off -= c->st[d] * c->idx[d];
        c->idx[d] = 0;
    }
    return 0;
}
