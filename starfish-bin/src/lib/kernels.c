/* kernels.c - see kernels.h */
#include "kernels.h"
#include "tindex.h"
#include <math.h>
#include <string.h>

#define TILE 64

static void binary(pg_op op, float *d, const float *a, const float *b, int64_t n) {
    switch (op) {
    case PG_OP_ADD: for (int64_t i = 0; i < n; i++) d[i] = a[i] + b[i]; break;
    case PG_OP_SUBTRACT: for (int64_t i = 0; i < n; i++) d[i] = a[i] - b[i]; break;
    case PG_OP_MULTIPLY: for (int64_t i = 0; i < n; i++) d[i] = a[i] * b[i]; break;
    case PG_OP_DIVIDE: for (int64_t i = 0; i < n; i++) d[i] = a[i] / b[i]; break;
    case PG_OP_POWER: for (int64_t i = 0; i < n; i++) d[i] = powf(a[i], b[i]); break;
    case PG_OP_MAXIMUM: for (int64_t i = 0; i < n; i++) d[i] = (a[i] != a[i] || a[i] > b[i]) ? a[i] : b[i]; break;
    default: for (int64_t i = 0; i < n; i++) d[i] = (a[i] != a[i] || a[i] < b[i]) ? a[i] : b[i]; break;
    }
}

/* dot over tiles of the output rows and the contraction */
static void dot(const int64_t *attr, const pg_shape *ds, float *d, const pg_shape *ss, const float *l, const float *r) {
    int64_t M = ds->dims[0], N = ds->dims[1];
    int64_t K = ss[0].dims[attr[0]];
    int64_t li = attr[0] == 1 ? ss[0].dims[1] : 1, lk = attr[0] == 1 ? 1 : ss[0].dims[1];
    int64_t rk = attr[1] == 0 ? ss[1].dims[1] : 1, rj = attr[1] == 0 ? 1 : ss[1].dims[1];
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

static void gather_strided(const pg_shape *ds, float *d, const float *s, const int64_t *st) {
    pg_cursor c;
    pg_cursor_init(&c, ds, st);
    int64_t n = pg_shape_numel(ds);
    for (int64_t i = 0; i < n; i++) { d[i] = s[c.off]; pg_cursor_next(&c); }
}

/* iota: each element is its index along dimension dim */
static void iota(const pg_shape *ds, float *d, int64_t dim) {
    int64_t st[PG_MAX_RANK] = {0};
    st[dim] = 1;
    pg_cursor c;
    pg_cursor_init(&c, ds, st);
    int64_t n = pg_shape_numel(ds);
    for (int64_t i = 0; i < n; i++) { d[i] = (float)c.off; pg_cursor_next(&c); }
}

/* slice: d[i] = s[start + i * stride] per dimension (attr: starts,
 * limits, strides) */
static void slice(const int64_t *attr, const pg_shape *ds, float *d, const pg_shape *ss, const float *s) {
    int64_t sst[PG_MAX_RANK], st[PG_MAX_RANK], base = 0;
    int r = ss->rank;
    pg_strides(ss, sst);
    for (int k = 0; k < r; k++) { base += attr[k] * sst[k]; st[k] = attr[2 * r + k] * sst[k]; }
    gather_strided(ds, d, s + base, st);
}

/* clamp: min(max(x, lo), hi) with NaN propagating as in maximum/minimum;
 * lo and hi may be scalars */
static void clamp(float *d, int64_t n, const pg_shape *ss, const float *const *s) {
    int64_t lo_step = ss[0].rank ? 1 : 0, hi_step = ss[2].rank ? 1 : 0;
    for (int64_t i = 0; i < n; i++) {
        float x = s[1][i], lo = s[0][i * lo_step], hi = s[2][i * hi_step];
        float m = (x != x || x > lo) ? x : lo;
        d[i] = (m != m || m < hi) ? m : hi;
    }
}

/* concatenate along dim: per outer index, each operand's block in turn */
static void concatenate(int64_t dim, const pg_shape *ds, float *d, const pg_shape *ss, const float *const *s, int nsrc) {
    int64_t outer = 1, inner = 1;
    for (int k = 0; k < dim; k++) outer *= ds->dims[k];
    for (int k = (int)dim + 1; k < ds->rank; k++) inner *= ds->dims[k];
    for (int64_t o = 0; o < outer; o++)
        for (int k = 0; k < nsrc; k++) {
            int64_t block = ss[k].dims[dim] * inner;
            if (block) memcpy(d, s[k] + o * block, sizeof(float) * (size_t)block);
            d += block;
        }
}

int pg_kernel_run(pg_op op, const int64_t *attr, int nattr, const pg_shape *ds, float *d,
                  const pg_shape *ss, const float *const *s, int nsrc) {
    int64_t n = pg_shape_numel(ds), st[PG_MAX_RANK];
    if (pg_op_is_binary(op)) { binary(op, d, s[0], s[1], n); return 1; }
    switch (op) {
    case PG_OP_NEGATE: for (int64_t i = 0; i < n; i++) d[i] = -s[0][i]; return 1;
    case PG_OP_EXPONENTIAL: for (int64_t i = 0; i < n; i++) d[i] = expf(s[0][i]); return 1;
    case PG_OP_TANH: for (int64_t i = 0; i < n; i++) d[i] = tanhf(s[0][i]); return 1;
    case PG_OP_ABS: for (int64_t i = 0; i < n; i++) d[i] = fabsf(s[0][i]); return 1;
    case PG_OP_LOG: for (int64_t i = 0; i < n; i++) d[i] = logf(s[0][i]); return 1;
    case PG_OP_SQRT: for (int64_t i = 0; i < n; i++) d[i] = sqrtf(s[0][i]); return 1;
    case PG_OP_RSQRT: for (int64_t i = 0; i < n; i++) d[i] = 1.0f / sqrtf(s[0][i]); return 1;
    case PG_OP_COPY: case PG_OP_RESHAPE:
        if (n) memcpy(d, s[0], sizeof(float) * (size_t)n);
        return 1;
    case PG_OP_DOT: dot(attr, ds, d, ss, s[0], s[1]); return 1;
    case PG_OP_IOTA: iota(ds, d, attr[0]); return 1;
    case PG_OP_CLAMP: clamp(d, n, ss, s); return 1;
    case PG_OP_CONCATENATE: concatenate(attr[0], ds, d, ss, s, nsrc); return 1;
    case PG_OP_SLICE: slice(attr, ds, d, &ss[0], s[0]); return 1;
    case PG_OP_BROADCAST: pg_broadcast_strides(ds, &ss[0], attr, st); gather_strided(ds, d, s[0], st); return 1;
    case PG_OP_TRANSPOSE: pg_transpose_strides(&ss[0], attr, st); gather_strided(ds, d, s[0], st); return 1;
    case PG_OP_REDUCE: {
        for (int64_t i = 0; i < n; i++) d[i] = s[1][0];
        pg_reduce_strides(&ss[0], attr, nattr, st);
        pg_cursor c;
        pg_cursor_init(&c, &ss[0], st);
        int64_t m = pg_shape_numel(&ss[0]);
        for (int64_t i = 0; i < m; i++) { d[c.off] += s[0][i]; pg_cursor_next(&c); }
        return 1;
    }
    default: return 0;
    }
}
