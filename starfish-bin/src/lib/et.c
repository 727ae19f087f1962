/* et.c - see et.h */
#include "et.h"
#include <math.h>
#include <string.h>

static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float bitsf(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

uint16_t pg_f32_to_bf16(float f) {
    uint32_t u = fbits(f);
    if ((u & 0x7fffffff) > 0x7f800000) return (uint16_t)((u >> 16) | 0x40);
    u += 0x7fff + ((u >> 16) & 1);
    return (uint16_t)(u >> 16);
}

float pg_bf16_to_f32(uint16_t h) { return bitsf((uint32_t)h << 16); }

/* round_shift: m >> shift rounded to nearest, ties to even (shift >= 1) */
static uint32_t round_shift(uint32_t m, int shift) {
    uint32_t q = m >> shift, rem = m & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (q & 1))) q++;
    return q;
}

uint16_t pg_f32_to_f16(float f) {
    uint32_t x = fbits(f), sign = (x >> 16) & 0x8000, ax = x & 0x7fffffff;
    if (ax > 0x7f800000) return (uint16_t)(sign | 0x7e00 | ((ax >> 13) & 0x3ff));
    if (ax >= 0x477ff000) return (uint16_t)(sign | 0x7c00); /* >= 65520 rounds to inf */
    if (ax < 0x38800000) {                                 /* below 2^-14: subnormal */
        if (ax < 0x33000000) return (uint16_t)sign;         /* <= 2^-25: ties to 0 */
        uint32_t e = ax >> 23, m = (ax & 0x7fffff) | 0x800000;
        return (uint16_t)(sign | round_shift(m, (int)(126 - e)));
    }
    return (uint16_t)(sign | round_shift(ax - 0x38000000, 13));
}

float pg_f16_to_f32(uint16_t h) {
    uint32_t sign = (uint32_t)(h & 0x8000) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ff;
    if (e == 0) { float v = (float)m * 5.9604644775390625e-8f; return sign ? -v : v; }
    if (e == 31) return bitsf(sign | 0x7f800000 | (m << 13));
    return bitsf(sign | ((e + 112) << 23) | (m << 13));
}

uint64_t pg_ld_i(pg_et e, const void *p, int64_t i) {
    switch (e) {
    case PG_ET_S8: case PG_ET_S4: case PG_ET_S2: return (uint64_t)(int64_t)((const int8_t *)p)[i];
    case PG_ET_S16: return (uint64_t)(int64_t)((const int16_t *)p)[i];
    case PG_ET_S32: return (uint64_t)(int64_t)((const int32_t *)p)[i];
    case PG_ET_S64: return (uint64_t)((const int64_t *)p)[i];
    case PG_ET_PRED: return ((const uint8_t *)p)[i] != 0;
    case PG_ET_U8: case PG_ET_U4: case PG_ET_U2: return ((const uint8_t *)p)[i];
    case PG_ET_U16: return ((const uint16_t *)p)[i];
    case PG_ET_U32: return ((const uint32_t *)p)[i];
    case PG_ET_U64: return ((const uint64_t *)p)[i];
    default: return 0;
    }
}

void pg_st_i(pg_et e, void *p, int64_t i, uint64_t v) {
    switch (e) {
    case PG_ET_S8: case PG_ET_U8: ((uint8_t *)p)[i] = (uint8_t)v; break;
    case PG_ET_S16: case PG_ET_U16: ((uint16_t *)p)[i] = (uint16_t)v; break;
    case PG_ET_S32: case PG_ET_U32: ((uint32_t *)p)[i] = (uint32_t)v; break;
    case PG_ET_S64: case PG_ET_U64: ((uint64_t *)p)[i] = v; break;
    case PG_ET_PRED: ((uint8_t *)p)[i] = v != 0; break;
    case PG_ET_S4: case PG_ET_S2: { /* kept sign-extended in its byte */
        int b = pg_et_bits(e);
        uint64_t m = (uint64_t)1 << (b - 1);
        ((int8_t *)p)[i] = (int8_t)(int64_t)(((v & ((m << 1) - 1)) ^ m) - m);
        break;
    }
    case PG_ET_U4: case PG_ET_U2: ((uint8_t *)p)[i] = (uint8_t)(v & ((1u << pg_et_bits(e)) - 1)); break;
    default: break;
    }
}

double pg_ld_f(pg_et e, const void *p, int64_t i) {
    switch (e) {
    case PG_ET_F32: return ((const float *)p)[i];
    case PG_ET_F64: return ((const double *)p)[i];
    case PG_ET_F16: return pg_f16_to_f32(((const uint16_t *)p)[i]);
    case PG_ET_BF16: return pg_bf16_to_f32(((const uint16_t *)p)[i]);
    default: {
        uint64_t u = pg_ld_i(e, p, i);
        return pg_et_is_signed(e) ? (double)(int64_t)u : (double)u;
    }
    }
}

/* int_range: the smallest and largest value of an integer type */
static void int_range(pg_et e, double *lo, double *hi) {
    int bits = pg_et_bits(e);
    if (pg_et_is_signed(e)) { *lo = -ldexp(1.0, bits - 1); *hi = ldexp(1.0, bits - 1); }
    else { *lo = 0; *hi = ldexp(1.0, bits); }
}

void pg_st_f(pg_et e, void *p, int64_t i, double v) {
    switch (e) {
    case PG_ET_F32: ((float *)p)[i] = (float)v; return;
    case PG_ET_F64: ((double *)p)[i] = v; return;
    case PG_ET_F16: ((uint16_t *)p)[i] = pg_f32_to_f16((float)v); return;
    case PG_ET_BF16: ((uint16_t *)p)[i] = pg_f32_to_bf16((float)v); return;
    case PG_ET_PRED: ((uint8_t *)p)[i] = v != 0; return;
    default: break;
    }
    double lo, hi;
    int_range(e, &lo, &hi); /* [lo, hi): hi itself is one above the largest value */
    uint64_t u;
    if (v != v) u = 0;
    else if (v <= lo) u = pg_et_is_signed(e) ? (uint64_t)0 - ((uint64_t)1 << (pg_et_bits(e) - 1)) : 0;
    else if (v >= hi) u = pg_et_is_signed(e) ? ((uint64_t)1 << (pg_et_bits(e) - 1)) - 1 : ~(uint64_t)0;
    else u = pg_et_is_signed(e) ? (uint64_t)(int64_t)trunc(v) : (uint64_t)trunc(v);
    pg_st_i(e, p, i, u);
}

void pg_convert_elems(pg_et to, void *dst, pg_et from, const void *src, int64_t n) {
    int fi = pg_et_is_float(from), ft = pg_et_is_float(to);
    for (int64_t i = 0; i < n; i++) {
        if (!fi && !ft) {
            uint64_t u = pg_ld_i(from, src, i);
            pg_st_i(to, dst, i, to == PG_ET_PRED ? u != 0 : u);
        } else if (!fi && to == PG_ET_F32) {
            uint64_t u = pg_ld_i(from, src, i);
            ((float *)dst)[i] = pg_et_is_signed(from) ? (float)(int64_t)u : (float)u;
        } else if (!fi && to != PG_ET_F64) {
            uint64_t u = pg_ld_i(from, src, i);
            pg_st_f(to, dst, i, pg_et_is_signed(from) ? (float)(int64_t)u : (float)u);
        } else {
            pg_st_f(to, dst, i, pg_ld_f(from, src, i));
        }
    }
}
