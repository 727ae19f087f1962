/* kernels.c - the elementwise kernels and pg_kernel_run, the dispatcher of
 * every op (see kernels.h). Elementwise ops compute in f32 for f32, f16
 * and bf16 (rounding the result to the element type, as XLA's CPU backend
 * does), in f64 for f64, and in wrapping 64-bit integers for integers. */
#include "kernels.h"
#include "kernels_int.h"
#include <math.h>
#include <string.h>

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

/* clamp: min(max(x, lo), hi) with NaN propagating as in maximum/minimum;
 * lo and hi may be scalars */
static void clamp(pg_et e, void *d, int64_t n, const pg_shape *ss, const void *const *s) {
    int64_t lo_step = ss[0].rank ? 1 : 0, hi_step = ss[2].rank ? 1 : 0;
    for (int64_t i = 0; i < n; i++) {
        pg_binary_elem(PG_OP_MAXIMUM, e, d, i, s[1], i, s[0], i * lo_step);
        pg_binary_elem(PG_OP_MINIMUM, e, d, i, d, i, s[2], i * hi_step);
    }
}

int pg_kernel_run(pg_op op, int fn, const int64_t *attr, int nattr, const pg_shape *ds, void *d,
                  const pg_shape *ss, const void *const *s, int nsrc) {
    int64_t n = pg_shape_numel(ds);
    pg_et e = nsrc ? ss[0].et : ds->et;
    if (pg_op_is_binary(op)) { binary(op, e, d, s[0], s[1], n); return 1; }
    if (pg_op_is_unary(op)) { unary(op, e, d, s[0], n); return 1; }
    if (pg_index_kernel(op, fn, attr, nattr, ds, d, ss, s, nsrc)) return 1;
    if (pg_struct_kernel(op, fn, attr, nattr, ds, d, ss, s, nsrc)) return 1;
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
    case PG_OP_CLAMP: clamp(ss[1].et, d, n, ss, s); return 1;
    default: return 0;
    }
}
