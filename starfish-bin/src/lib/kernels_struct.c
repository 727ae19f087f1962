/* kernels_struct.c - the structural kernels: dot, reduce and data movement
 * (broadcast, transpose, reverse, slice, concatenate, iota). */
#include "kernels_int.h"
#include "ops_int.h"
#include "tindex.h"
#include <string.h>

#define TILE 64

/* dot_f32_2d: rank-2 f32 dot with one contracting dim per side, tiled
 * over output rows and the contraction */
static void dot_f32_2d(int64_t lc, int64_t rc, const pg_shape *ds, float *d, const pg_shape *ss, const float *l,
                       const float *r) {
    int64_t M = ds->dims[0], N = ds->dims[1];
    int64_t K = ss[0].dims[lc];
    int64_t li = lc == 1 ? ss[0].dims[1] : 1, lk = lc == 1 ? 1 : ss[0].dims[1];
    int64_t rk = rc == 0 ? ss[1].dims[1] : 1, rj = rc == 0 ? 1 : ss[1].dims[1];
    memset(d, 0, sizeof(float) * (size_t)(M * N));
    for (int64_t i0 = 0; i0 < M; i0 += TILE) {
        int64_t i1 = i0 + TILE < M ? i0 + TILE : M;
        for (int64_t k0 = 0; k0 < K; k0 += TILE) {
            int64_t k1 = k0 + TILE < K ? k0 + TILE : K;
            for (int64_t i = i0; i < i1; i++) {
                float *drow = d + i * N;
                for (int64_t k = k0; k < k1; k++) {
                    float a = l[i * li + k * lk];
                    const float *rrow = r + k * rk;
                    if (rj == 1) for (int64_t j = 0; j < N; j++) drow[j] += a * rrow[j];
                    else for (int64_t j = 0; j < N; j++) drow[j] += a * rrow[j * rj];
                }
            }
        }
    }
}

static int listed(const int64_t *v, int n, int64_t x) {
    for (int i = 0; i < n; i++) if (v[i] == x) return 1;
    return 0;
}

/* dot: general dot (batch and contracting dimension lists) */
static void dot(const int64_t *attr, int nattr, const pg_shape *ds, void *d, const pg_shape *ss, const void *l, const void *r) {
    pg_dot_dims dd;
    pg_dot_decode(attr, nattr, &dd);
    pg_et de = ds->et, le = ss[0].et, re = ss[1].et;
    if (de == PG_ET_F32 && le == PG_ET_F32 && re == PG_ET_F32 && dd.nb == 0 && dd.nc == 1 && ss[0].rank == 2 &&
        ss[1].rank == 2) {
        dot_f32_2d(dd.lc[0], dd.rc[0], ds, d, ss, l, r);
        return;
    }
    int64_t lst[PG_MAX_RANK], rst[PG_MAX_RANK], ol[PG_MAX_RANK] = {0}, orr[PG_MAX_RANK] = {0};
    int64_t kl[PG_MAX_RANK], kr[PG_MAX_RANK];
    pg_shape ks = {.rank = dd.nc};
    pg_strides(&ss[0], lst);
    pg_strides(&ss[1], rst);
    int o = 0;
    for (int i = 0; i < dd.nb; i++, o++) { ol[o] = lst[dd.lb[i]]; orr[o] = rst[dd.rb[i]]; }
    for (int k = 0; k < ss[0].rank; k++)
        if (!listed(dd.lb, dd.nb, k) && !listed(dd.lc, dd.nc, k)) ol[o++] = lst[k];
    for (int k = 0; k < ss[1].rank; k++)
        if (!listed(dd.rb, dd.nb, k) && !listed(dd.rc, dd.nc, k)) orr[o++] = rst[k];
    for (int i = 0; i < dd.nc; i++) { ks.dims[i] = ss[0].dims[dd.lc[i]]; kl[i] = lst[dd.lc[i]]; kr[i] = rst[dd.rc[i]]; }
    int64_t n = pg_shape_numel(ds), K = pg_shape_numel(&ks);
    int mode = pg_et_is_float(de) ? (de == PG_ET_F64 ? 2 : 1) : 0;
    pg_cursor cl, cr;
    pg_cursor_init(&cl, ds, ol);
    pg_cursor_init(&cr, ds, orr);
    for (int64_t i = 0; i < n; i++) {
        pg_cursor kcl, kcr;
        pg_cursor_init(&kcl, &ks, kl);
        pg_cursor_init(&kcr, &ks, kr);
        float af = 0;
        double ad = 0;
        uint64_t ai = 0;
        for (int64_t k = 0; k < K; k++) {
            int64_t lo = cl.off + kcl.off, ro = cr.off + kcr.off;
            if (mode == 1) af += (float)pg_ld_f(le, l, lo) * (float)pg_ld_f(re, r, ro);
            else if (mode == 2) ad += pg_ld_f(le, l, lo) * pg_ld_f(re, r, ro);
            else ai += pg_ld_i(le, l, lo) * pg_ld_i(re, r, ro);
            pg_cursor_next(&kcl);
            pg_cursor_next(&kcr);
        }
        if (mode == 1) pg_st_f(de, d, i, af);
        else if (mode == 2) pg_st_f(de, d, i, ad);
        else pg_st_i(de, d, i, ai);
        pg_cursor_next(&cl);
        pg_cursor_next(&cr);
    }
}

static void gather_strided(const pg_shape *ds, void *d, const void *s, int64_t base, const int64_t *st, int size) {
    pg_cursor c;
    pg_cursor_init(&c, ds, st);
    int64_t n = pg_shape_numel(ds);
    if (size == 4) {
        float *fd = d;
        const float *fs = (const float *)s + base;
        for (int64_t i = 0; i < n; i++) { fd[i] = fs[c.off]; pg_cursor_next(&c); }
        return;
    }
    for (int64_t i = 0; i < n; i++) { pg_elem_copy(d, i, s, base + c.off, size); pg_cursor_next(&c); }
}

/* iota: each element is its index along dimension dim */
static void iota(const pg_shape *ds, void *d, int64_t dim) {
    int64_t st[PG_MAX_RANK] = {0};
    st[dim] = 1;
    pg_cursor c;
    pg_cursor_init(&c, ds, st);
    int64_t n = pg_shape_numel(ds);
    for (int64_t i = 0; i < n; i++) {
        if (pg_et_is_float(ds->et)) pg_st_f(ds->et, d, i, (double)c.off);
        else pg_st_i(ds->et, d, i, (uint64_t)c.off);
        pg_cursor_next(&c);
    }
}

/* slice: d[i] = s[start + i * stride] per dimension (attr: starts,
 * limits, strides) */
static void slice(const int64_t *attr, const pg_shape *ds, void *d, const pg_shape *ss, const void *s) {
    int64_t sst[PG_MAX_RANK], st[PG_MAX_RANK], base = 0;
    int r = ss->rank;
    pg_strides(ss, sst);
    for (int k = 0; k < r; k++) { base += attr[k] * sst[k]; st[k] = attr[2 * r + k] * sst[k]; }
    gather_strided(ds, d, s, base, st, pg_et_size(ss->et));
}

/* concatenate along dim: per outer index, each operand's block in turn */
static void concatenate(int64_t dim, const pg_shape *ds, void *dv, const pg_shape *ss, const void *const *s, int nsrc) {
    int64_t outer = 1, inner = pg_et_size(ds->et);
    unsigned char *d = dv;
    for (int k = 0; k < dim; k++) outer *= ds->dims[k];
    for (int k = (int)dim + 1; k < ds->rank; k++) inner *= ds->dims[k];
    for (int64_t o = 0; o < outer; o++)
        for (int k = 0; k < nsrc; k++) {
            int64_t block = ss[k].dims[dim] * inner;
            if (block) memcpy(d, (const unsigned char *)s[k] + o * block, (size_t)block);
            d += block;
        }
}

static void reduce(int fn, const int64_t *attr, int nattr, const pg_shape *ds, void *d, const pg_shape *ss,
                   const void *const *s) {
    int64_t n = pg_shape_numel(ds), st[PG_MAX_RANK], m = pg_shape_numel(&ss[0]);
    int size = pg_et_size(ds->et);
    for (int64_t i = 0; i < n; i++) pg_elem_copy(d, i, s[1], 0, size);
    pg_reduce_strides(&ss[0], attr, nattr, st);
    pg_cursor c;
    pg_cursor_init(&c, &ss[0], st);
    if (fn == PG_OP_ADD && ds->et == PG_ET_F32) {
        float *fd = d;
        const float *fs = s[0];
        for (int64_t i = 0; i < m; i++) { fd[c.off] += fs[i]; pg_cursor_next(&c); }
        return;
    }
    for (int64_t i = 0; i < m; i++) { pg_combine(fn, ds->et, d, c.off, s[0], i); pg_cursor_next(&c); }
}

int pg_struct_kernel(pg_op op, int fn, const int64_t *attr, int nattr, const pg_shape *ds, void *d,
                     const pg_shape *ss, const void *const *s, int nsrc) {
    int64_t n = pg_shape_numel(ds), st[PG_MAX_RANK];
    pg_et e = nsrc ? ss[0].et : ds->et;
    switch (op) {
    case PG_OP_DOT: dot(attr, nattr, ds, d, ss, s[0], s[1]); return 1;
    case PG_OP_IOTA: iota(ds, d, attr[0]); return 1;
    case PG_OP_CONCATENATE: concatenate(attr[0], ds, d, ss, s, nsrc); return 1;
    case PG_OP_SLICE: slice(attr, ds, d, &ss[0], s[0]); return 1;
    case PG_OP_BROADCAST:
        pg_broadcast_strides(ds, &ss[0], attr, st);
        gather_strided(ds, d, s[0], 0, st, pg_et_size(e));
        return 1;
    case PG_OP_TRANSPOSE:
        pg_transpose_strides(&ss[0], attr, st);
        gather_strided(ds, d, s[0], 0, st, pg_et_size(e));
        return 1;
    case PG_OP_REDUCE: reduce(fn, attr, nattr, ds, d, ss, s); return 1;
    case PG_OP_REVERSE: { /* walk the reversed dimensions backwards */
        int64_t base = 0;
        pg_strides(ds, st);
        for (int i = 0; i < nattr; i++) { base += (ds->dims[attr[i]] - 1) * st[attr[i]]; st[attr[i]] = -st[attr[i]]; }
        gather_strided(ds, d, s[0], n ? base : 0, st, pg_et_size(e));
        return 1;
    }
    default: return 0;
    }
}
