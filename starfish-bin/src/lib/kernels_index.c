/* kernels_index.c - gather, scatter, dynamic-slice, dynamic-update-slice
 * and pad, after XLA's operation semantics: gather and dynamic-slice clamp
 * each start index so the slice stays inside the operand; a scatter update
 * whose window would leave the operand is skipped (as XLA's CPU and GPU
 * backends do); updates are applied in row-major order of `updates`. */
#include "kernels_int.h"
#include "ops_int.h"
#include "tindex.h"
#include <string.h>

/* index_value: element i of an integer index array as int64 (unsigned
 * values beyond int64 saturate) */
static int64_t index_value(pg_et e, const void *p, int64_t i) {
    uint64_t u = pg_ld_i(e, p, i);
    if (!pg_et_is_signed(e) && u > (uint64_t)INT64_MAX) return INT64_MAX;
    return (int64_t)u;
}

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

static int listed(const int64_t *v, int n, int64_t x) {
    for (int i = 0; i < n; i++) if (v[i] == x) return 1;
    return 0;
}

/* next_index: advance a row-major multi-index over s */
static void next_index(int64_t *idx, const pg_shape *s) {
    for (int d = s->rank - 1; d >= 0; d--) {
        if (++idx[d] < s->dims[d]) return;
        idx[d] = 0;
    }
}

/* start_of: the operand start vector selected by the batch positions of
 * idx (positions of `sh` not in win[0..nwin)) from the indices array */
static void start_of(const pg_gather_dims *g, const int64_t *idx, const pg_shape *sh, const pg_shape *ixs, const void *ix,
                     int op_rank, int64_t *start) {
    int64_t ii[PG_MAX_RANK + 1], ist[PG_MAX_RANK];
    int b = 0;
    for (int d = 0; d < sh->rank; d++) {
        if (listed(g->offset, g->no, d)) continue;
        if (b == g->ivd && g->ivd < ixs->rank) b++;
        ii[b++] = idx[d];
    }
    pg_strides(ixs, ist);
    for (int d = 0; d < op_rank; d++) start[d] = 0;
    for (int k = 0; k < g->ns; k++) {
        if (g->ivd < ixs->rank) ii[g->ivd] = k;
        start[g->sim[k]] = index_value(ixs->et, ix, pg_offset_of(ii, ist, ixs->rank));
    }
}

static void gather(const int64_t *attr, int nattr, const pg_shape *ds, void *d, const pg_shape *ss, const void *const *s) {
    pg_gather_dims g;
    pg_gather_decode(attr, nattr, &g);
    const pg_shape *op = &ss[0];
    int64_t idx[PG_MAX_RANK] = {0}, start[PG_MAX_RANK], ost[PG_MAX_RANK], n = pg_shape_numel(ds);
    int size = pg_et_size(op->et);
    pg_strides(op, ost);
    for (int64_t i = 0; i < n; i++, next_index(idx, ds)) {
        start_of(&g, idx, ds, &ss[1], s[1], op->rank, start);
        int64_t off = 0;
        for (int dd = 0, j = 0; dd < op->rank; dd++) {
            int64_t v = clamp64(start[dd], 0, op->dims[dd] - g.sizes[dd]);
            if (!listed(g.collapsed, g.nc, dd)) v += idx[g.offset[j++]];
            off += v * ost[dd];
        }
        pg_elem_copy(d, i, s[0], off, size);
    }
}

static void scatter(int fn, const int64_t *attr, int nattr, void *d, const pg_shape *ss,
                    const void *const *s) {
    pg_gather_dims g;
    pg_gather_decode(attr, nattr, &g);
    const pg_shape *op = &ss[0], *up = &ss[2];
    int64_t idx[PG_MAX_RANK] = {0}, start[PG_MAX_RANK], ost[PG_MAX_RANK], win[PG_MAX_RANK], n = pg_shape_numel(up);
    int size = pg_et_size(op->et);
    if (pg_shape_numel(op)) memcpy(d, s[0], (size_t)(pg_shape_numel(op) * size));
    pg_strides(op, ost);
    for (int dd = 0, j = 0; dd < op->rank; dd++) win[dd] = listed(g.collapsed, g.nc, dd) ? 1 : up->dims[g.offset[j++]];
    for (int64_t i = 0; i < n; i++, next_index(idx, up)) {
        start_of(&g, idx, up, &ss[1], s[1], op->rank, start);
        int64_t off = 0;
        int inside = 1;
        for (int dd = 0, j = 0; dd < op->rank; dd++) {
            if (start[dd] < 0 || start[dd] > op->dims[dd] - win[dd]) inside = 0;
            int64_t v = start[dd];
            if (!listed(g.collapsed, g.nc, dd)) v += idx[g.offset[j++]];
            off += v * ost[dd];
        }
        if (inside) pg_combine(fn, op->et, d, off, s[2], i);
    }
}

/* starts: the clamped start indices of dynamic-(update-)slice, read from
 * the scalar operands s[first..first+rank) */
static void starts(const pg_shape *op, const int64_t *sizes, const pg_shape *ss, const void *const *s, int first,
                   int64_t *out) {
    for (int dd = 0; dd < op->rank; dd++)
        out[dd] = clamp64(index_value(ss[first + dd].et, s[first + dd], 0), 0, op->dims[dd] - sizes[dd]);
}

static void dynamic_slice(int upd, const int64_t *attr, const pg_shape *ds, void *d, const pg_shape *ss, const void *const *s) {
    const pg_shape *op = &ss[0];
    const pg_shape *win = upd ? &ss[1] : ds;
    int64_t st[PG_MAX_RANK], ost[PG_MAX_RANK], idx[PG_MAX_RANK] = {0}, base = 0, n = pg_shape_numel(win);
    int size = pg_et_size(op->et);
    starts(op, upd ? ss[1].dims : attr, ss, s, 1 + upd, st);
    pg_strides(op, ost);
    for (int dd = 0; dd < op->rank; dd++) base += st[dd] * ost[dd];
    if (upd && pg_shape_numel(op)) memcpy(d, s[0], (size_t)(pg_shape_numel(op) * size));
    for (int64_t i = 0; i < n; i++, next_index(idx, win)) {
        int64_t off = base + pg_offset_of(idx, ost, op->rank);
        if (upd) pg_elem_copy(d, off, s[1], i, size);
        else pg_elem_copy(d, i, s[0], off, size);
    }
}

static void pad(const int64_t *attr, const pg_shape *ds, void *d, const pg_shape *ss, const void *const *s) {
    const pg_shape *op = &ss[0];
    int r = op->rank, size = pg_et_size(op->et);
    int64_t dst[PG_MAX_RANK], idx[PG_MAX_RANK] = {0}, n = pg_shape_numel(ds), m = pg_shape_numel(op);
    for (int64_t i = 0; i < n; i++) pg_elem_copy(d, i, s[1], 0, size);
    pg_strides(ds, dst);
    for (int64_t i = 0; i < m; i++, next_index(idx, op)) {
        int64_t off = 0;
        for (int dd = 0; dd < r; dd++) off += (attr[dd] + idx[dd] * (attr[2 * r + dd] + 1)) * dst[dd];
        pg_elem_copy(d, off, s[0], i, size);
    }
}

int pg_index_kernel(pg_op op, int fn, const int64_t *attr, int nattr, const pg_shape *ds, void *d, const pg_shape *ss,
                    const void *const *s, int nsrc) {
    (void)nsrc;
    switch (op) {
    case PG_OP_GATHER: gather(attr, nattr, ds, d, ss, s); return 1;
    case PG_OP_SCATTER: scatter(fn, attr, nattr, d, ss, s); return 1;
    case PG_OP_DYNAMIC_SLICE: dynamic_slice(0, attr, ds, d, ss, s); return 1;
    case PG_OP_DYNAMIC_UPDATE_SLICE: dynamic_slice(1, attr, ds, d, ss, s); return 1;
    case PG_OP_PAD: pad(attr, ds, d, ss, s); return 1;
    default: return 0;
    }
}
