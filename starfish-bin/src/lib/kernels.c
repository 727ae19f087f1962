/* kernels.c - see kernels.h. Elementwise ops compute in f32 for f32, f16
 * and bf16 (rounding the result to the element type, as XLA's CPU backend
 * does), in f64 for f64, and in wrapping 64-bit integers for integers. */
#include "kernels.h"
#include "kernels_int.h"
#include "ops_int.h"
#include "tindex.h"
#include <math.h>
#include <string.h>

#define TILE 64

static int bits_of(pg_et e) { return pg_et_bits(e); }
static uint64_t mask_of(pg_et e) { return bits_of(e) == 64 ? ~(uint64_t)0 : (((uint64_t)1 << bits_of(e)) - 1); }
static int64_t sext(uint64_t v, pg_et e) {
    int b = bits_of(e);
    if (b == 64) return (int64_t)v;
    uint64_t m = (uint64_t)1 << (b - 1);
    v &= mask_of(e);
    return (int64_t)((v ^ m) - m);
}

static double fbin(pg_op op, double a, double b, int single) {
    switch (op) {
    case PG_OP_ADD: return a + b;
    case PG_OP_SUBTRACT: return a - b;
    case PG_OP_MULTIPLY: return a * b;
    case PG_OP_DIVIDE: return a / b;
    case PG_OP_POWER: return single ? powf((float)a, (float)b) : pow(a, b);
    case PG_OP_REMAINDER: return single ? fmodf((float)a, (float)b) : fmod(a, b);
    case PG_OP_ATAN2: return single ? atan2f((float)a, (float)b) : atan2(a, b);
    case PG_OP_MAXIMUM: return (a != a || a > b) ? a : b;
    default: return (a != a || a < b) ? a : b; /* minimum */
    }
}

/* ipow: integer power as XLA defines it: negative exponents give 0 except
 * for the bases 1 and -1; wraps */
static uint64_t ipow(uint64_t a, uint64_t b, int is_signed) {
    if (is_signed && (int64_t)b < 0) {
        if (a == 1) return 1;
        if ((int64_t)a == -1) return (b & 1) ? a : 1;
        return 0;
    }
    uint64_t r = 1;
    for (; b; b >>= 1, a *= a) if (b & 1) r *= a;
    return r;
}

static uint64_t ibin(pg_op op, uint64_t a, uint64_t b, pg_et e) {
    int sg = pg_et_is_signed(e), bits = bits_of(e);
    int64_t sa = (int64_t)a, sb = (int64_t)b;
    uint64_t amount = b & mask_of(e);
    switch (op) {
    case PG_OP_ADD: return a + b;
    case PG_OP_SUBTRACT: return a - b;
    case PG_OP_MULTIPLY: return a * b;
    case PG_OP_DIVIDE: /* x / 0 = -1 (all bits set); INT_MIN / -1 = INT_MIN */
        if (b == 0) return ~(uint64_t)0;
        if (sg) return sb == -1 ? (uint64_t)0 - a : (uint64_t)(sa / sb);
        return a / b;
    case PG_OP_REMAINDER: /* x % 0 = x; INT_MIN % -1 = 0 */
        if (b == 0) return a;
        if (sg) return sb == -1 ? 0 : (uint64_t)(sa % sb);
        return a % b;
    case PG_OP_MAXIMUM: return sg ? (sa > sb ? a : b) : (a > b ? a : b);
    case PG_OP_MINIMUM: return sg ? (sa < sb ? a : b) : (a < b ? a : b);
    case PG_OP_POWER: return ipow(a, b, sg);
    case PG_OP_AND: return a & b;
    case PG_OP_OR: return a | b;
    case PG_OP_XOR: return a ^ b;
    case PG_OP_SHIFT_LEFT: return amount >= (uint64_t)bits ? 0 : a << amount;
    case PG_OP_SHIFT_RIGHT_LOGICAL: return amount >= (uint64_t)bits ? 0 : (a & mask_of(e)) >> amount;
    case PG_OP_SHIFT_RIGHT_ARITHMETIC: {
        int64_t x = sext(a, e);
        return (uint64_t)(amount >= (uint64_t)bits ? (x < 0 ? -1 : 0) : x >> amount);
    }
    default: return 0;
    }
}

void pg_binary_elem(pg_op op, pg_et e, void *d, int64_t di, const void *a, int64_t ai, const void *b, int64_t bi) {
    if (pg_et_is_float(e)) pg_st_f(e, d, di, fbin(op, pg_ld_f(e, a, ai), pg_ld_f(e, b, bi), e != PG_ET_F64));
    else pg_st_i(e, d, di, ibin(op, pg_ld_i(e, a, ai), pg_ld_i(e, b, bi), e));
}

void pg_combine(int fn, pg_et e, void *d, int64_t di, const void *s, int64_t si) {
    if (fn == PG_FN_ASSIGN) pg_elem_copy(d, di, s, si, pg_et_size(e));
    else pg_binary_elem((pg_op)fn, e, d, di, d, di, s, si);
}

static void binary(pg_op op, pg_et e, void *d, const void *a, const void *b, int64_t n) {
    if (e == PG_ET_F32 && op <= PG_OP_DIVIDE) { /* the hot f32 arithmetic */
        float *fd = d;
        const float *fa = a, *fb = b;
        switch (op) {
        case PG_OP_ADD: for (int64_t i = 0; i < n; i++) fd[i] = fa[i] + fb[i]; return;
        case PG_OP_SUBTRACT: for (int64_t i = 0; i < n; i++) fd[i] = fa[i] - fb[i]; return;
        case PG_OP_MULTIPLY: for (int64_t i = 0; i < n; i++) fd[i] = fa[i] * fb[i]; return;
        default: for (int64_t i = 0; i < n; i++) fd[i] = fa[i] / fb[i]; return;
        }
    }
    for (int64_t i = 0; i < n; i++) pg_binary_elem(op, e, d, i, a, i, b, i);
}

static double funary(pg_op op, double x, int s) {
    switch (op) {
    case PG_OP_NEGATE: return -x;
    case PG_OP_EXPONENTIAL: return s ? expf((float)x) : exp(x);
    case PG_OP_TANH: return s ? tanhf((float)x) : tanh(x);
    case PG_OP_ABS: return fabs(x);
    case PG_OP_LOG: return s ? logf((float)x) : log(x);
    case PG_OP_SQRT: return s ? sqrtf((float)x) : sqrt(x);
    case PG_OP_RSQRT: return s ? 1.0f / sqrtf((float)x) : 1.0 / sqrt(x);
    case PG_OP_EXPM1: return s ? expm1f((float)x) : expm1(x);
    case PG_OP_LOG1P: return s ? log1pf((float)x) : log1p(x);
    case PG_OP_CBRT: return s ? cbrtf((float)x) : cbrt(x);
    case PG_OP_FLOOR: return floor(x);
    case PG_OP_CEIL: return ceil(x);
    case PG_OP_ROUND_AFZ: return round(x);
    case PG_OP_ROUND_EVEN: return nearbyint(x); /* default rounding mode: to nearest even */
    case PG_OP_SIGN: return x != x ? x : x > 0 ? 1.0 : x < 0 ? -1.0 : x;
    case PG_OP_SINE: return s ? sinf((float)x) : sin(x);
    case PG_OP_COSINE: return s ? cosf((float)x) : cos(x);
    case PG_OP_TAN: return s ? tanf((float)x) : tan(x);
    case PG_OP_ACOS: return s ? acosf((float)x) : acos(x);
    case PG_OP_ASIN: return s ? asinf((float)x) : asin(x);
    case PG_OP_ACOSH: return s ? acoshf((float)x) : acosh(x);
    case PG_OP_ASINH: return s ? asinhf((float)x) : asinh(x);
    case PG_OP_ATANH: return s ? atanhf((float)x) : atanh(x);
    case PG_OP_COSH: return s ? coshf((float)x) : cosh(x);
    case PG_OP_SINH: return s ? sinhf((float)x) : sinh(x);
    case PG_OP_LOGISTIC: return s ? 1.0f / (1.0f + expf(-(float)x)) : 1.0 / (1.0 + exp(-x));
    case PG_OP_ERF: return s ? erff((float)x) : erf(x);
    default: return x; /* copy */
    }
}

static uint64_t iunary(pg_op op, uint64_t x, pg_et e) {
    int64_t sx = (int64_t)x;
    int sg = pg_et_is_signed(e);
    switch (op) {
    case PG_OP_NEGATE: return (uint64_t)0 - x;
    case PG_OP_ABS: return sg && sx < 0 ? (uint64_t)0 - x : x;
    case PG_OP_SIGN: return sg ? (uint64_t)(sx > 0 ? 1 : sx < 0 ? -1 : 0) : x != 0;
    case PG_OP_NOT: return e == PG_ET_PRED ? !x : ~x;
    default: return x; /* copy */
    }
}

static void unary(pg_op op, pg_et e, void *d, const void *a, int64_t n) {
    if (pg_et_is_float(e))
        for (int64_t i = 0; i < n; i++) pg_st_f(e, d, i, funary(op, pg_ld_f(e, a, i), e != PG_ET_F64));
    else
        for (int64_t i = 0; i < n; i++) pg_st_i(e, d, i, iunary(op, pg_ld_i(e, a, i), e));
}

/* total: a float's position in XLA's total order (-NaN < -inf < ... < -0 < +0 < ... < +NaN) */
static int64_t total(double v) {
    int64_t b;
    memcpy(&b, &v, 8);
    return b ^ (int64_t)((uint64_t)(b >> 63) >> 1);
}

static void compare(int fn, pg_et e, uint8_t *d, const void *a, const void *b, int64_t n) {
    int dir = fn & 7, tot = (fn & PG_CMP_TOTAL) != 0, fl = pg_et_is_float(e), sg = pg_et_is_signed(e);
    for (int64_t i = 0; i < n; i++) {
        int lt, eq, un = 0;
        if (fl && !tot) {
            double x = pg_ld_f(e, a, i), y = pg_ld_f(e, b, i);
            lt = x < y; eq = x == y; un = x != x || y != y;
        } else if (fl) {
            int64_t x = total(pg_ld_f(e, a, i)), y = total(pg_ld_f(e, b, i));
            lt = x < y; eq = x == y;
        } else {
            uint64_t x = pg_ld_i(e, a, i), y = pg_ld_i(e, b, i);
            lt = sg ? (int64_t)x < (int64_t)y : x < y; eq = x == y;
        }
        int r;
        switch (dir) {
        case PG_CMP_EQ: r = eq; break;
        case PG_CMP_NE: r = !eq; break; /* NaN != anything */
        case PG_CMP_LT: r = lt; break;
        case PG_CMP_LE: r = lt || eq; break;
        case PG_CMP_GT: r = !lt && !eq && !un; break;
        default: r = !lt && !un; break; /* GE */
        }
        d[i] = (uint8_t)r;
    }
}

/* reduce_precision: XLA's rounding of an f32 value to exponent_bits and
 * mantissa_bits (round to nearest even, overflow to inf, underflow to
 * zero, NaN kept when mantissa_bits > 0) */
static float reduce_precision(float x, int64_t ebits, int64_t mbits) {
    uint32_t u;
    memcpy(&u, &x, 4);
    if (mbits < 23) {
        uint32_t last = (uint32_t)1 << (23 - mbits), bias = (last >> 1) - 1 + ((u & last) >> (23 - mbits));
        u = (u + bias) & ~(last - 1);
    }
    if (ebits < 8) {
        uint32_t rbias = ((uint32_t)1 << (ebits - 1)) - 1, exp = u & 0x7f800000, sign = u & 0x80000000;
        if (exp > (127 + rbias) << 23) u = sign | 0x7f800000;
        else if (exp <= (127 - rbias) << 23) u = sign;
    }
    float r;
    memcpy(&r, &u, 4);
    if (x != x) r = mbits > 0 ? x : INFINITY;
    return r;
}

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

/* clamp: min(max(x, lo), hi) with NaN propagating as in maximum/minimum;
 * lo and hi may be scalars */
static void clamp(pg_et e, void *d, int64_t n, const pg_shape *ss, const void *const *s) {
    int64_t lo_step = ss[0].rank ? 1 : 0, hi_step = ss[2].rank ? 1 : 0;
    for (int64_t i = 0; i < n; i++) {
        pg_binary_elem(PG_OP_MAXIMUM, e, d, i, s[1], i, s[0], i * lo_step);
        pg_binary_elem(PG_OP_MINIMUM, e, d, i, d, i, s[2], i * hi_step);
    }
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

int pg_kernel_run(pg_op op, int fn, const int64_t *attr, int nattr, const pg_shape *ds, void *d,
                  const pg_shape *ss, const void *const *s, int nsrc) {
    int64_t n = pg_shape_numel(ds), st[PG_MAX_RANK];
    pg_et e = nsrc ? ss[0].et : ds->et;
    if (pg_op_is_binary(op)) { binary(op, e, d, s[0], s[1], n); return 1; }
    if (pg_op_is_unary(op)) { unary(op, e, d, s[0], n); return 1; }
    if (pg_index_kernel(op, fn, attr, nattr, ds, d, ss, s, nsrc)) return 1;
    switch (op) {
    case PG_OP_RESHAPE: case PG_OP_BITCAST_CONVERT:
        if (n) memcpy(d, s[0], (size_t)(n * pg_et_size(e)));
        return 1;
    case PG_OP_CONVERT: pg_convert_elems(ds->et, d, e, s[0], n); return 1;
    case PG_OP_COMPARE: compare(fn, e, d, s[0], s[1], n); return 1;
    case PG_OP_SELECT: {
        int64_t pstep = ss[0].rank ? 1 : 0;
        int size = pg_et_size(ds->et);
        for (int64_t i = 0; i < n; i++)
            pg_elem_copy(d, i, ((const uint8_t *)s[0])[i * pstep] ? s[1] : s[2], i, size);
        return 1;
    }
    case PG_OP_IS_FINITE:
        for (int64_t i = 0; i < n; i++) ((uint8_t *)d)[i] = (uint8_t)isfinite(pg_ld_f(e, s[0], i));
        return 1;
    case PG_OP_REDUCE_PRECISION:
        for (int64_t i = 0; i < n; i++) {
            double x = pg_ld_f(e, s[0], i);
            pg_st_f(e, d, i, e == PG_ET_F64 ? x : reduce_precision((float)x, attr[0], attr[1]));
        }
        return 1;
    case PG_OP_DOT: dot(attr, nattr, ds, d, ss, s[0], s[1]); return 1;
    case PG_OP_IOTA: iota(ds, d, attr[0]); return 1;
    case PG_OP_CLAMP: clamp(ss[1].et, d, n, ss, s); return 1;
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
