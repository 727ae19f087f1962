/* types_elementwise.c - test_types: convert, integer arithmetic, compare/select/clamp and precision */
#include "types_int.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

void tt_convert_tests(void) {
    /* f32 -> bf16: round to nearest, ties to even; overflow to inf; NaN stays NaN */
    const float f[8] = {1.0f, 1.00390625f /* 1+2^-8: tie, to even 1.0 */, 1.01171875f /* 1+3*2^-8: tie, to 1+2^-6 */,
                        1.005859375f /* just above the tie */, 3.4028235e38f, -INFINITY, NAN, -0.0f};
    uint16_t h[8];
    CHECK(tt_unary("f32", "bf16", "convert(a)", 8, f, h, sizeof h) && h[0] == 0x3F80 && h[1] == 0x3F80 &&
          h[2] == 0x3F82 && h[3] == 0x3F81 && h[4] == 0x7F80 && h[5] == 0xFF80 && (h[6] & 0x7FFF) > 0x7F80 && h[7] == 0x8000);
    /* f32 -> f16: 65519 rounds down to 65504, 65520 (the tie) to inf; 2^-25 (tie) to 0; 1.5*2^-25 to 2^-24 */
    const float g[6] = {65519.0f, 65520.0f, 2.98023224e-8f, 4.47034836e-8f, 0.1f, -2.0f};
    CHECK(tt_unary("f32", "f16", "convert(a)", 6, g, h, 12) && h[0] == 0x7BFF && h[1] == 0x7C00 && h[2] == 0 &&
          h[3] == 1 && h[4] == 0x2E66 && h[5] == 0xC000);
    /* f16 -> f32 is exact, subnormals too */
    const uint16_t hv[4] = {0x0001, 0x7BFF, 0xFC00, 0x3555};
    float o[8];
    CHECK(tt_unary("f16", "f32", "convert(a)", 4, hv, o, 16) && o[0] == 5.9604644775390625e-8f && o[1] == 65504.0f &&
          o[2] == -INFINITY && o[3] == 0.333251953125f);
    /* float -> integer: truncate toward zero, saturate, NaN -> 0 (XLA's CPU backend) */
    const float x[6] = {3.9f, -3.9f, NAN, 1e10f, -1e10f, -0.5f};
    int32_t s[6];
    CHECK(tt_unary("f32", "s32", "convert(a)", 6, x, s, sizeof s) && s[0] == 3 && s[1] == -3 && s[2] == 0 &&
          s[3] == 2147483647 && s[4] == (-2147483647 - 1) && s[5] == 0);
    uint8_t u[6];
    CHECK(tt_unary("f32", "u8", "convert(a)", 6, x, u, sizeof u) && u[0] == 3 && u[1] == 0 && u[2] == 0 && u[3] == 255 &&
          u[4] == 0 && u[5] == 0);
    /* integer -> narrower integer wraps (two's complement); anything -> pred is x != 0 */
    const int32_t w[4] = {200, -129, 256, -1};
    int8_t b[4];
    CHECK(tt_unary("s32", "s8", "convert(a)", 4, w, b, sizeof b) && b[0] == -56 && b[1] == 127 && b[2] == 0 && b[3] == -1);
    const float z[4] = {0.0f, -0.0f, NAN, 2.0f};
    uint8_t p[4];
    CHECK(tt_unary("f32", "pred", "convert(a)", 4, z, p, sizeof p) && p[0] == 0 && p[1] == 0 && p[2] == 1 && p[3] == 1);
    const uint8_t pv[2] = {1, 0};
    CHECK(tt_unary("pred", "f32", "convert(a)", 2, pv, o, 8) && o[0] == 1 && o[1] == 0);
    /* s32 -> f32 rounds to nearest even: 2^24 + 1 -> 2^24, 2^24 + 3 -> 2^24 + 4 */
    const int32_t big[2] = {16777217, 16777219};
    CHECK(tt_unary("s32", "f32", "convert(a)", 2, big, o, 8) && o[0] == 16777216.0f && o[1] == 16777220.0f);
    /* f64 -> f32 rounds to nearest even */
    const double dv[2] = {1.0 + ldexp(1.0, -24), 1.0 + 3 * ldexp(1.0, -24)};
    CHECK(tt_unary("f64", "f32", "convert(a)", 2, dv, o, 8) && o[0] == 1.0f && fbits(o[1]) == 0x3F800002);
}

void tt_integer_tests(void) {
    const int32_t a[6] = {2147483647, 65536, -2147483647 - 1, 7, -7, -7};
    const int32_t b[6] = {1, 65536, -1, 0, 2, 0};
    const void *in[2] = {a, b};
    int32_t o[6];
    const char *bin = "ENTRY e {\n  a = s32[6] parameter(0)\n  b = s32[6] parameter(1)\n  ROOT r = s32[6] %s(a, b)\n}\n";
    char t[256];
    /* overflow wraps */
    snprintf(t, sizeof t, bin, "add");
    CHECK(tt_run(t, in, o, sizeof o) && o[0] == -2147483647 - 1 && o[1] == 131072 && o[2] == 2147483647);
    snprintf(t, sizeof t, bin, "multiply");
    CHECK(tt_run(t, in, o, sizeof o) && o[0] == 2147483647 && o[1] == 0 && o[2] == -2147483647 - 1);
    /* division truncates; x / 0 = -1; INT_MIN / -1 = INT_MIN; remainder has the dividend's sign; x % 0 = x */
    snprintf(t, sizeof t, bin, "divide");
    CHECK(tt_run(t, in, o, sizeof o) && o[2] == -2147483647 - 1 && o[3] == -1 && o[4] == -3 && o[5] == -1);
    snprintf(t, sizeof t, bin, "remainder");
    CHECK(tt_run(t, in, o, sizeof o) && o[2] == 0 && o[3] == 7 && o[4] == -1 && o[5] == -7);
    /* shifts by at least the bit width: 0 (left, logical) or the sign (arithmetic) */
    const int32_t sv[3] = {1, -8, -8}, sa[3] = {32, 1, 40};
    const void *sh[2] = {sv, sa};
    const char *shm = "ENTRY e {\n  a = s32[3] parameter(0)\n  b = s32[3] parameter(1)\n  ROOT r = s32[3] %s(a, b)\n}\n";
    snprintf(t, sizeof t, shm, "shift-left");
    CHECK(tt_run(t, sh, o, 12) && o[0] == 0 && o[1] == -16);
    snprintf(t, sizeof t, shm, "shift-right-logical");
    CHECK(tt_run(t, sh, o, 12) && o[1] == 0x7FFFFFFC && o[2] == 0);
    snprintf(t, sizeof t, shm, "shift-right-arithmetic");
    CHECK(tt_run(t, sh, o, 12) && o[1] == -4 && o[2] == -1);
    /* negate and abs of INT_MIN wrap to INT_MIN; s8 127 + 1 = -128 */
    CHECK(tt_unary("s32", "s32", "negate(a)", 3, a, o, 12) && o[2] == -2147483647 - 1 && o[0] == -2147483647);
    CHECK(tt_unary("s32", "s32", "abs(a)", 3, a, o, 12) && o[2] == -2147483647 - 1);
    const int8_t c[2] = {127, -128};
    const void *cc[2] = {c, c};
    int8_t o8[2];
    CHECK(tt_run("ENTRY e {\n  a = s8[2] parameter(0)\n  one = s8[] constant(1)\n  b = s8[2] broadcast(one), dimensions={}\n"
              "  ROOT r = s8[2] add(a, b)\n}\n", cc, o8, 2) && o8[0] == -128 && o8[1] == -127);
    /* s4 wraps at 4 bits: 7 + 1 = -8; u4: 15 + 1 = 0; s32 -> s4 keeps the low 4 bits */
    const int8_t s4[2] = {7, -8};
    const void *s44[2] = {s4, s4};
    CHECK(tt_run("ENTRY e {\n  a = s4[2] parameter(0)\n  one = s4[] constant(1)\n  b = s4[2] broadcast(one), dimensions={}\n"
              "  ROOT r = s4[2] add(a, b)\n}\n", s44, o8, 2) && o8[0] == -8 && o8[1] == -7);
    const int32_t w4[2] = {9, -9};
    CHECK(tt_unary("s32", "s4", "convert(a)", 2, w4, o8, 2) && o8[0] == -7 && o8[1] == 7);
    /* unsigned: x / 0 = all bits set; maximum compares unsigned */
    const uint32_t ua[2] = {7, 0xFFFFFFFF}, ub[2] = {0, 1};
    const void *uu[2] = {ua, ub};
    uint32_t uo[2];
    CHECK(tt_run("ENTRY e {\n  a = u32[2] parameter(0)\n  b = u32[2] parameter(1)\n  ROOT r = u32[2] divide(a, b)\n}\n", uu, uo, 8) &&
          uo[0] == 0xFFFFFFFF && uo[1] == 0xFFFFFFFF);
    CHECK(tt_run("ENTRY e {\n  a = u32[2] parameter(0)\n  b = u32[2] parameter(1)\n  ROOT r = u32[2] maximum(a, b)\n}\n", uu, uo, 8) &&
          uo[0] == 7 && uo[1] == 0xFFFFFFFF);
    /* and/or/xor/not on pred */
    const uint8_t p[4] = {0, 0, 1, 1}, q[4] = {0, 1, 0, 1};
    const void *pq[2] = {p, q};
    uint8_t po[4];
    CHECK(tt_run("ENTRY e {\n  a = pred[4] parameter(0)\n  b = pred[4] parameter(1)\n  x = pred[4] xor(a, b)\n"
              "  ROOT r = pred[4] not(x)\n}\n", pq, po, 4) && po[0] == 1 && po[1] == 0 && po[2] == 0 && po[3] == 1);
}

void tt_compare_select_tests(void) {
    const float a[5] = {NAN, 1, -0.0f, -INFINITY, -NAN}, b[5] = {1, NAN, 0.0f, -NAN, -INFINITY};
    const void *in[2] = {a, b};
    uint8_t o[5];
    const char *m = "ENTRY e {\n  a = f32[5] parameter(0)\n  b = f32[5] parameter(1)\n  ROOT r = pred[5] compare(a, b), direction=%s%s\n}\n";
    char t[256];
    /* NaN: every comparison false except NE; -0 == +0 */
    snprintf(t, sizeof t, m, "LT", "");
    CHECK(tt_run(t, in, o, 5) && !o[0] && !o[1] && !o[2] && !o[3] && !o[4]);
    snprintf(t, sizeof t, m, "NE", "");
    CHECK(tt_run(t, in, o, 5) && o[0] && o[1] && !o[2] && o[3] && o[4]);
    snprintf(t, sizeof t, m, "GE", "");
    CHECK(tt_run(t, in, o, 5) && !o[0] && !o[1] && o[2]);
    /* type=TOTALORDER: -NaN < -inf < -0 < +0 < ... < NaN */
    snprintf(t, sizeof t, m, "LT", ", type=TOTALORDER");
    CHECK(tt_run(t, in, o, 5) && !o[0] && o[1] && o[2] && !o[3] && o[4]);
    /* signed and unsigned integers */
    const int32_t x[2] = {-1, 2}, y[2] = {1, 2};
    const void *xy[2] = {x, y};
    CHECK(tt_run("ENTRY e {\n  a = s32[2] parameter(0)\n  b = s32[2] parameter(1)\n  ROOT r = pred[2] compare(a, b), direction=LT\n}\n",
              xy, o, 2) && o[0] == 1 && o[1] == 0);
    CHECK(tt_run("ENTRY e {\n  a = u32[2] parameter(0)\n  b = u32[2] parameter(1)\n  ROOT r = pred[2] compare(a, b), direction=LT\n}\n",
              xy, o, 2) && o[0] == 0 && o[1] == 0);
    /* select passes NaN through; a scalar predicate picks whole arrays */
    const uint8_t pr[3] = {1, 0, 1};
    const float t3[3] = {NAN, 1, 2}, f3[3] = {5, NAN, 7};
    const void *sel[3] = {pr, t3, f3};
    float so[3];
    CHECK(tt_run("ENTRY e {\n  p = pred[3] parameter(0)\n  a = f32[3] parameter(1)\n  b = f32[3] parameter(2)\n"
              "  ROOT r = f32[3] select(p, a, b)\n}\n", sel, so, 12) && isnan(so[0]) && isnan(so[1]) && so[2] == 2);
    const uint8_t p0[1] = {0};
    const void *sel0[3] = {p0, t3, f3};
    CHECK(tt_run("ENTRY e {\n  p = pred[] parameter(0)\n  a = f32[3] parameter(1)\n  b = f32[3] parameter(2)\n"
              "  ROOT r = f32[3] select(p, a, b)\n}\n", sel0, so, 12) && so[0] == 5 && isnan(so[1]) && so[2] == 7);
    /* clamp of integers */
    const int32_t lo[1] = {-2}, v[4] = {-5, 0, 5, 2}, hi[1] = {3};
    const void *cl[3] = {lo, v, hi};
    int32_t co[4];
    CHECK(tt_run("ENTRY e {\n  l = s32[] parameter(0)\n  x = s32[4] parameter(1)\n  h = s32[] parameter(2)\n"
              "  ROOT r = s32[4] clamp(l, x, h)\n}\n", cl, co, 16) && co[0] == -2 && co[1] == 0 && co[2] == 3 && co[3] == 2);
    /* is-finite */
    const float fin[4] = {1, INFINITY, NAN, -0.0f};
    CHECK(tt_unary("f32", "pred", "is-finite(a)", 4, fin, o, 4) && o[0] && !o[1] && !o[2] && o[3]);
}

void tt_precision_tests(void) {
    /* reduce-precision to f16's format: 1 + 2^-11 is a tie -> 1; 70000 overflows to inf; 2^-30 underflows to 0 */
    const float v[4] = {1.00048828125f, 70000.0f, 9.3132257e-10f, NAN};
    float o[4];
    CHECK(tt_unary("f32", "f32", "reduce-precision(a), exponent_bits=5, mantissa_bits=10", 4, v, o, 16) && o[0] == 1.0f &&
          o[1] == INFINITY && o[2] == 0 && isnan(o[3]));
    /* bf16 arithmetic rounds each result: 1 + 2^-9 in bf16 is 1 */
    const uint16_t a[1] = {0x3F80}, b[1] = {0x3B00 /* 2^-9 */};
    const void *in[2] = {a, b};
    uint16_t h[1];
    CHECK(tt_run("ENTRY e {\n  a = bf16[1] parameter(0)\n  b = bf16[1] parameter(1)\n  ROOT r = bf16[1] add(a, b)\n}\n", in, h, 2) &&
          h[0] == 0x3F80);
    /* f64 keeps its precision */
    const double d[1] = {1.0 + ldexp(1.0, -40)};
    double dd[1];
    CHECK(tt_unary("f64", "f64", "multiply(a, a)", 1, d, dd, 8) && dd[0] == (1.0 + ldexp(1.0, -40)) * (1.0 + ldexp(1.0, -40)));
    /* literals of each type */
    int64_t l64[2];
    CHECK(tt_run("ENTRY e {\n  ROOT c = s64[2] constant({-9007199254740993, 5})\n}\n", NULL, l64, 16) &&
          l64[0] == -9007199254740993LL && l64[1] == 5);
    uint8_t pl[2];
    CHECK(tt_run("ENTRY e {\n  ROOT c = pred[2] constant({true, false})\n}\n", NULL, pl, 2) && pl[0] == 1 && pl[1] == 0);
    tu_expect_err("ENTRY e {\n  ROOT c = s8[1] constant({300})\n}\n", 2, 28, "literal '300' is out of range for s8");
    tu_expect_err("ENTRY e {\n  a = c64[2] parameter(0)\n}\n", 2, 7,
                  "unsupported element type 'c64' (supported: pred, s2, s4, s8, s16, s32, s64, u2, u4, u8, u16, u32, u64, f16, bf16, f32, f64)");
    tu_expect_err("ENTRY e {\n  a = f32[2] parameter(0)\n  ROOT r = s32[2] add(a, a)\n}\n", 3, 19,
                  "'r' is declared s32[2] but add of its operands gives f32[2]");
    tu_expect_err("ENTRY e {\n  a = f32[2] parameter(0)\n  ROOT r = f32[2] and(a, a)\n}\n", 3, 19,
                  "and needs an integer or pred operand, got f32");
    tu_expect_err("ENTRY e {\n  a = f32[2] parameter(0)\n  ROOT r = pred[2] compare(a, a)\n}\n", 3, 20,
                  "compare needs direction=EQ|NE|LT|LE|GT|GE");
}
