/* test_types - unit tests of the element types and the ops added for
 * issue 17 (convert, compare, select, integer arithmetic, gather, scatter,
 * dot with batch dimensions, dynamic-slice, pad, reduce-precision, ...)
 * against values worked out from XLA's operation semantics document and
 * IEEE-754 (round to nearest even). Each module also goes through the
 * penguin IR text and BIR (write, read, verify, allocate) and runs on the
 * buffer machine, which must give the same bytes as the evaluator. Exit 0
 * when all pass. */
#include "alloc.h"
#include "et.h"
#include "exec.h"
#include "kprog_io.h"
#include "tensorfile.h"
#include "testutil.h"
#include "verify.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* machine: the BIR of k (through text) run on a buffer; output 0 into out */
static int machine(const pg_kprog *k, const void *const *in, void *out, size_t bytes) {
    pg_sbuf t = {0}, rep = {0};
    pg_kprog_write(k, 0, &t);
    pg_kprog r, b;
    pg_kprog_init(&r);
    pg_kprog_init(&b);
    pg_diag d = {0};
    int oom = 0, ok = !t.oom && pg_kprog_read(t.p, t.len, 0, &r, &d) && !pg_verify(&r, "t.penguin", 0, &rep) &&
                      pg_allocate(&r, 1 << 20, &d, &oom);
    pg_sbuf bt = {0};
    if (ok) pg_kprog_write(&r, 1, &bt);
    ok = ok && !bt.oom && pg_kprog_read(bt.p, bt.len, 1, &b, &d) && !pg_verify(&b, "t.bir", 1, &rep);
    if (!ok) fprintf(stderr, "test_types: IR round trip: %d:%d: %s %s\n", d.line, d.col, d.msg, rep.p ? rep.p : "");
    unsigned char *buf = ok ? calloc(1, (size_t)b.buffer_bytes) : NULL;
    if (buf) {
        for (int i = 0; i < b.nt; i++)
            if (b.t[i].role == PG_ROLE_INPUT) memcpy(buf + b.t[i].offset, in[b.t[i].index], (size_t)b.t[i].bytes);
        pg_exec_buffer(&b, buf, NULL, NULL);
        for (int i = 0; i < b.nt; i++)
            if (b.t[i].role == PG_ROLE_OUTPUT && b.t[i].index == 0) memcpy(out, buf + b.t[i].offset, bytes);
    }
    free(buf);
    pg_sbuf_free(&t); pg_sbuf_free(&bt); pg_sbuf_free(&rep);
    pg_kprog_free(&r); pg_kprog_free(&b);
    return buf != NULL;
}

/* run: parse, lower, evaluate; output 0 (bytes) into out. The buffer
 * machine must agree byte for byte. 1 on success. */
static int run(const char *text, const void *const *in, void *out, size_t bytes) {
    pg_diag d = {0};
    pg_module *m = tu_parse(text, &d);
    if (!m) { fprintf(stderr, "test_types: %d:%d: %s\n", d.line, d.col, d.msg); return 0; }
    pg_kprog k;
    pg_kprog_init(&k);
    void *res[4] = {NULL, NULL, NULL, NULL};
    int ok = pg_lower(m, &k, &d) && pg_eval(&k, in, res, &d);
    if (ok) memcpy(out, res[0], bytes);
    unsigned char *again = malloc(bytes + 1);
    if (ok && again && machine(&k, in, again, bytes)) {
        if (memcmp(again, out, bytes) != 0) { fprintf(stderr, "test_types: machine and evaluator differ\n"); ok = 0; }
    } else {
        ok = 0;
    }
    free(again);
    for (int i = 0; i < 4; i++) free(res[i]);
    pg_kprog_free(&k);
    pg_module_free(m);
    return ok;
}

/* unary_module: ROOT r = OUT[n] OP(a: IN[n]) with attributes */
static int unary(const char *in_t, const char *out_t, const char *op, int n, const void *v, void *out, size_t bytes) {
    char t[512];
    snprintf(t, sizeof t, "ENTRY e {\n  a = %s[%d] parameter(0)\n  ROOT r = %s[%d] %s\n}\n", in_t, n, out_t, n, op);
    const void *in[1] = {v};
    return run(t, in, out, bytes);
}

static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

static void convert_tests(void) {
    /* f32 -> bf16: round to nearest, ties to even; overflow to inf; NaN stays NaN */
    const float f[8] = {1.0f, 1.00390625f /* 1+2^-8: tie, to even 1.0 */, 1.01171875f /* 1+3*2^-8: tie, to 1+2^-6 */,
                        1.005859375f /* just above the tie */, 3.4028235e38f, -INFINITY, NAN, -0.0f};
    uint16_t h[8];
    CHECK(unary("f32", "bf16", "convert(a)", 8, f, h, sizeof h) && h[0] == 0x3F80 && h[1] == 0x3F80 &&
          h[2] == 0x3F82 && h[3] == 0x3F81 && h[4] == 0x7F80 && h[5] == 0xFF80 && (h[6] & 0x7FFF) > 0x7F80 && h[7] == 0x8000);
    /* f32 -> f16: 65519 rounds down to 65504, 65520 (the tie) to inf; 2^-25 (tie) to 0; 1.5*2^-25 to 2^-24 */
    const float g[6] = {65519.0f, 65520.0f, 2.98023224e-8f, 4.47034836e-8f, 0.1f, -2.0f};
    CHECK(unary("f32", "f16", "convert(a)", 6, g, h, 12) && h[0] == 0x7BFF && h[1] == 0x7C00 && h[2] == 0 &&
          h[3] == 1 && h[4] == 0x2E66 && h[5] == 0xC000);
    /* f16 -> f32 is exact, subnormals too */
    const uint16_t hv[4] = {0x0001, 0x7BFF, 0xFC00, 0x3555};
    float o[8];
    CHECK(unary("f16", "f32", "convert(a)", 4, hv, o, 16) && o[0] == 5.9604644775390625e-8f && o[1] == 65504.0f &&
          o[2] == -INFINITY && o[3] == 0.333251953125f);
    /* float -> integer: truncate toward zero, saturate, NaN -> 0 (XLA's CPU backend) */
    const float x[6] = {3.9f, -3.9f, NAN, 1e10f, -1e10f, -0.5f};
    int32_t s[6];
    CHECK(unary("f32", "s32", "convert(a)", 6, x, s, sizeof s) && s[0] == 3 && s[1] == -3 && s[2] == 0 &&
          s[3] == 2147483647 && s[4] == (-2147483647 - 1) && s[5] == 0);
    uint8_t u[6];
    CHECK(unary("f32", "u8", "convert(a)", 6, x, u, sizeof u) && u[0] == 3 && u[1] == 0 && u[2] == 0 && u[3] == 255 &&
          u[4] == 0 && u[5] == 0);
    /* integer -> narrower integer wraps (two's complement); anything -> pred is x != 0 */
    const int32_t w[4] = {200, -129, 256, -1};
    int8_t b[4];
    CHECK(unary("s32", "s8", "convert(a)", 4, w, b, sizeof b) && b[0] == -56 && b[1] == 127 && b[2] == 0 && b[3] == -1);
    const float z[4] = {0.0f, -0.0f, NAN, 2.0f};
    uint8_t p[4];
    CHECK(unary("f32", "pred", "convert(a)", 4, z, p, sizeof p) && p[0] == 0 && p[1] == 0 && p[2] == 1 && p[3] == 1);
    const uint8_t pv[2] = {1, 0};
    CHECK(unary("pred", "f32", "convert(a)", 2, pv, o, 8) && o[0] == 1 && o[1] == 0);
    /* s32 -> f32 rounds to nearest even: 2^24 + 1 -> 2^24, 2^24 + 3 -> 2^24 + 4 */
    const int32_t big[2] = {16777217, 16777219};
    CHECK(unary("s32", "f32", "convert(a)", 2, big, o, 8) && o[0] == 16777216.0f && o[1] == 16777220.0f);
    /* f64 -> f32 rounds to nearest even */
    const double dv[2] = {1.0 + ldexp(1.0, -24), 1.0 + 3 * ldexp(1.0, -24)};
    CHECK(unary("f64", "f32", "convert(a)", 2, dv, o, 8) && o[0] == 1.0f && fbits(o[1]) == 0x3F800002);
}

static void integer_tests(void) {
    const int32_t a[6] = {2147483647, 65536, -2147483647 - 1, 7, -7, -7};
    const int32_t b[6] = {1, 65536, -1, 0, 2, 0};
    const void *in[2] = {a, b};
    int32_t o[6];
    const char *bin = "ENTRY e {\n  a = s32[6] parameter(0)\n  b = s32[6] parameter(1)\n  ROOT r = s32[6] %s(a, b)\n}\n";
    char t[256];
    /* overflow wraps */
    snprintf(t, sizeof t, bin, "add");
    CHECK(run(t, in, o, sizeof o) && o[0] == -2147483647 - 1 && o[1] == 131072 && o[2] == 2147483647);
    snprintf(t, sizeof t, bin, "multiply");
    CHECK(run(t, in, o, sizeof o) && o[0] == 2147483647 && o[1] == 0 && o[2] == -2147483647 - 1);
    /* division truncates; x / 0 = -1; INT_MIN / -1 = INT_MIN; remainder has the dividend's sign; x % 0 = x */
    snprintf(t, sizeof t, bin, "divide");
    CHECK(run(t, in, o, sizeof o) && o[2] == -2147483647 - 1 && o[3] == -1 && o[4] == -3 && o[5] == -1);
    snprintf(t, sizeof t, bin, "remainder");
    CHECK(run(t, in, o, sizeof o) && o[2] == 0 && o[3] == 7 && o[4] == -1 && o[5] == -7);
    /* shifts by at least the bit width: 0 (left, logical) or the sign (arithmetic) */
    const int32_t sv[3] = {1, -8, -8}, sa[3] = {32, 1, 40};
    const void *sh[2] = {sv, sa};
    const char *shm = "ENTRY e {\n  a = s32[3] parameter(0)\n  b = s32[3] parameter(1)\n  ROOT r = s32[3] %s(a, b)\n}\n";
    snprintf(t, sizeof t, shm, "shift-left");
    CHECK(run(t, sh, o, 12) && o[0] == 0 && o[1] == -16);
    snprintf(t, sizeof t, shm, "shift-right-logical");
    CHECK(run(t, sh, o, 12) && o[1] == 0x7FFFFFFC && o[2] == 0);
    snprintf(t, sizeof t, shm, "shift-right-arithmetic");
    CHECK(run(t, sh, o, 12) && o[1] == -4 && o[2] == -1);
    /* negate and abs of INT_MIN wrap to INT_MIN; s8 127 + 1 = -128 */
    CHECK(unary("s32", "s32", "negate(a)", 3, a, o, 12) && o[2] == -2147483647 - 1 && o[0] == -2147483647);
    CHECK(unary("s32", "s32", "abs(a)", 3, a, o, 12) && o[2] == -2147483647 - 1);
    const int8_t c[2] = {127, -128};
    const void *cc[2] = {c, c};
    int8_t o8[2];
    CHECK(run("ENTRY e {\n  a = s8[2] parameter(0)\n  one = s8[] constant(1)\n  b = s8[2] broadcast(one), dimensions={}\n"
              "  ROOT r = s8[2] add(a, b)\n}\n", cc, o8, 2) && o8[0] == -128 && o8[1] == -127);
    /* s4 wraps at 4 bits: 7 + 1 = -8; u4: 15 + 1 = 0; s32 -> s4 keeps the low 4 bits */
    const int8_t s4[2] = {7, -8};
    const void *s44[2] = {s4, s4};
    CHECK(run("ENTRY e {\n  a = s4[2] parameter(0)\n  one = s4[] constant(1)\n  b = s4[2] broadcast(one), dimensions={}\n"
              "  ROOT r = s4[2] add(a, b)\n}\n", s44, o8, 2) && o8[0] == -8 && o8[1] == -7);
    const int32_t w4[2] = {9, -9};
    CHECK(unary("s32", "s4", "convert(a)", 2, w4, o8, 2) && o8[0] == -7 && o8[1] == 7);
    /* unsigned: x / 0 = all bits set; maximum compares unsigned */
    const uint32_t ua[2] = {7, 0xFFFFFFFF}, ub[2] = {0, 1};
    const void *uu[2] = {ua, ub};
    uint32_t uo[2];
    CHECK(run("ENTRY e {\n  a = u32[2] parameter(0)\n  b = u32[2] parameter(1)\n  ROOT r = u32[2] divide(a, b)\n}\n", uu, uo, 8) &&
          uo[0] == 0xFFFFFFFF && uo[1] == 0xFFFFFFFF);
    CHECK(run("ENTRY e {\n  a = u32[2] parameter(0)\n  b = u32[2] parameter(1)\n  ROOT r = u32[2] maximum(a, b)\n}\n", uu, uo, 8) &&
          uo[0] == 7 && uo[1] == 0xFFFFFFFF);
    /* and/or/xor/not on pred */
    const uint8_t p[4] = {0, 0, 1, 1}, q[4] = {0, 1, 0, 1};
    const void *pq[2] = {p, q};
    uint8_t po[4];
    CHECK(run("ENTRY e {\n  a = pred[4] parameter(0)\n  b = pred[4] parameter(1)\n  x = pred[4] xor(a, b)\n"
              "  ROOT r = pred[4] not(x)\n}\n", pq, po, 4) && po[0] == 1 && po[1] == 0 && po[2] == 0 && po[3] == 1);
}

static void compare_select_tests(void) {
    const float a[5] = {NAN, 1, -0.0f, -INFINITY, -NAN}, b[5] = {1, NAN, 0.0f, -NAN, -INFINITY};
    const void *in[2] = {a, b};
    uint8_t o[5];
    const char *m = "ENTRY e {\n  a = f32[5] parameter(0)\n  b = f32[5] parameter(1)\n  ROOT r = pred[5] compare(a, b), direction=%s%s\n}\n";
    char t[256];
    /* NaN: every comparison false except NE; -0 == +0 */
    snprintf(t, sizeof t, m, "LT", "");
    CHECK(run(t, in, o, 5) && !o[0] && !o[1] && !o[2] && !o[3] && !o[4]);
    snprintf(t, sizeof t, m, "NE", "");
    CHECK(run(t, in, o, 5) && o[0] && o[1] && !o[2] && o[3] && o[4]);
    snprintf(t, sizeof t, m, "GE", "");
    CHECK(run(t, in, o, 5) && !o[0] && !o[1] && o[2]);
    /* type=TOTALORDER: -NaN < -inf < -0 < +0 < ... < NaN */
    snprintf(t, sizeof t, m, "LT", ", type=TOTALORDER");
    CHECK(run(t, in, o, 5) && !o[0] && o[1] && o[2] && !o[3] && o[4]);
    /* signed and unsigned integers */
    const int32_t x[2] = {-1, 2}, y[2] = {1, 2};
    const void *xy[2] = {x, y};
    CHECK(run("ENTRY e {\n  a = s32[2] parameter(0)\n  b = s32[2] parameter(1)\n  ROOT r = pred[2] compare(a, b), direction=LT\n}\n",
              xy, o, 2) && o[0] == 1 && o[1] == 0);
    CHECK(run("ENTRY e {\n  a = u32[2] parameter(0)\n  b = u32[2] parameter(1)\n  ROOT r = pred[2] compare(a, b), direction=LT\n}\n",
              xy, o, 2) && o[0] == 0 && o[1] == 0);
    /* select passes NaN through; a scalar predicate picks whole arrays */
    const uint8_t pr[3] = {1, 0, 1};
    const float t3[3] = {NAN, 1, 2}, f3[3] = {5, NAN, 7};
    const void *sel[3] = {pr, t3, f3};
    float so[3];
    CHECK(run("ENTRY e {\n  p = pred[3] parameter(0)\n  a = f32[3] parameter(1)\n  b = f32[3] parameter(2)\n"
              "  ROOT r = f32[3] select(p, a, b)\n}\n", sel, so, 12) && isnan(so[0]) && isnan(so[1]) && so[2] == 2);
    const uint8_t p0[1] = {0};
    const void *sel0[3] = {p0, t3, f3};
    CHECK(run("ENTRY e {\n  p = pred[] parameter(0)\n  a = f32[3] parameter(1)\n  b = f32[3] parameter(2)\n"
              "  ROOT r = f32[3] select(p, a, b)\n}\n", sel0, so, 12) && so[0] == 5 && isnan(so[1]) && so[2] == 7);
    /* clamp of integers */
    const int32_t lo[1] = {-2}, v[4] = {-5, 0, 5, 2}, hi[1] = {3};
    const void *cl[3] = {lo, v, hi};
    int32_t co[4];
    CHECK(run("ENTRY e {\n  l = s32[] parameter(0)\n  x = s32[4] parameter(1)\n  h = s32[] parameter(2)\n"
              "  ROOT r = s32[4] clamp(l, x, h)\n}\n", cl, co, 16) && co[0] == -2 && co[1] == 0 && co[2] == 3 && co[3] == 2);
    /* is-finite */
    const float fin[4] = {1, INFINITY, NAN, -0.0f};
    CHECK(unary("f32", "pred", "is-finite(a)", 4, fin, o, 4) && o[0] && !o[1] && !o[2] && o[3]);
}

static void gather_scatter_tests(void) {
    const float v[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    /* start indices are clamped so the slice stays inside the operand:
     * -5 -> 0, 100 -> 10 - 3 = 7 */
    const int32_t idx[3] = {-5, 3, 100};
    const void *in[2] = {v, idx};
    float o[9];
    CHECK(run("ENTRY e {\n  a = f32[10] parameter(0)\n  i = s32[3,1] parameter(1)\n"
              "  ROOT g = f32[3,3] gather(a, i), offset_dims={1}, collapsed_slice_dims={}, start_index_map={0}, "
              "index_vector_dim=1, slice_sizes={3}\n}\n", in, o, sizeof o) &&
          o[0] == 0 && o[2] == 2 && o[3] == 3 && o[5] == 5 && o[6] == 7 && o[8] == 9);
    /* embedding lookup: rows of a [5,2] table, collapsed row dimension, implicit index vector */
    const int32_t rows[3] = {4, 0, 9};
    const void *emb[2] = {v, rows};
    CHECK(run("ENTRY e {\n  t = f32[5,2] parameter(0)\n  i = s32[3] parameter(1)\n"
              "  ROOT g = f32[3,2] gather(t, i), offset_dims={1}, collapsed_slice_dims={0}, start_index_map={0}, "
              "index_vector_dim=1, slice_sizes={1,2}\n}\n", emb, o, 24) &&
          o[0] == 8 && o[1] == 9 && o[2] == 0 && o[3] == 1 && o[4] == 8 && o[5] == 9);
    /* scatter add: duplicate indices accumulate; an update whose window leaves the operand is skipped */
    const float zero[5] = {0, 0, 0, 0, 0}, up[4] = {1, 2, 3, 4};
    const int32_t si[4] = {1, 1, 4, 7};
    const void *sc[3] = {zero, si, up};
    const char *body = "add { x = f32[] parameter(0)\n  y = f32[] parameter(1)\n  ROOT s = f32[] add(x, y) }\n"
                       "set { x = f32[] parameter(0)\n  ROOT y = f32[] parameter(1) }\n";
    char t[1024];
    snprintf(t, sizeof t, "%sENTRY e {\n  a = f32[5] parameter(0)\n  i = s32[4,1] parameter(1)\n  u = f32[4] parameter(2)\n"
             "  ROOT s = f32[5] scatter(a, i, u), update_window_dims={}, inserted_window_dims={0}, "
             "scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=add\n}\n", body);
    CHECK(run(t, sc, o, 20) && o[0] == 0 && o[1] == 3 && o[2] == 0 && o[3] == 0 && o[4] == 3);
    /* assignment: the last update in row-major order wins */
    snprintf(t, sizeof t, "%sENTRY e {\n  a = f32[5] parameter(0)\n  i = s32[4,1] parameter(1)\n  u = f32[4] parameter(2)\n"
             "  ROOT s = f32[5] scatter(a, i, u), update_window_dims={}, inserted_window_dims={0}, "
             "scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=set\n}\n", body);
    CHECK(run(t, sc, o, 20) && o[1] == 2 && o[4] == 3 && o[0] == 0);
    tu_expect_err("ENTRY e {\n  a = f32[10] parameter(0)\n  i = f32[3,1] parameter(1)\n"
                  "  ROOT g = f32[3,3] gather(a, i), offset_dims={1}, collapsed_slice_dims={}, start_index_map={0}, "
                  "index_vector_dim=1, slice_sizes={3}\n}\n", 4, 21, "indices must be integers, got f32");
    tu_expect_err("ENTRY e {\n  a = f32[10] parameter(0)\n  i = s32[3,1] parameter(1)\n"
                  "  ROOT g = f32[3,3] gather(a, i), offset_dims={1}, start_index_map={0}, index_vector_dim=1\n}\n", 4, 21,
                  "gather needs offset_dims, collapsed_slice_dims");
    tu_expect_err("ENTRY e {\n  a = f32[10] parameter(0)\n  i = s32[3,1] parameter(1)\n"
                  "  ROOT g = f32[3,3] gather(a, i), offset_dims={1}, collapsed_slice_dims={}, start_index_map={0}, "
                  "operand_batching_dims={0}, index_vector_dim=1, slice_sizes={3}\n}\n", 4, 98,
                  "operand_batching_dims (batched gather/scatter) is not supported");
}

static void dot_reduce_tests(void) {
    /* batch dot: [2,2,3] . [2,3,1] over batch 0/0, contracting 2/1 */
    const float l[12] = {1, 2, 3, 4, 5, 6, 1, 0, 0, 0, 1, 0}, r[6] = {1, 1, 1, 2, 3, 4};
    const void *in[2] = {l, r};
    float o[4];
    CHECK(run("ENTRY e {\n  a = f32[2,2,3] parameter(0)\n  b = f32[2,3,1] parameter(1)\n"
              "  ROOT d = f32[2,2,1] dot(a, b), lhs_batch_dims={0}, rhs_batch_dims={0}, lhs_contracting_dims={2}, "
              "rhs_contracting_dims={1}\n}\n", in, o, 16) && o[0] == 6 && o[1] == 15 && o[2] == 2 && o[3] == 3);
    /* s8 x s8 -> s32 does not wrap at 8 bits */
    const int8_t a8[2] = {100, 100}, b8[2] = {100, 27};
    const void *i8[2] = {a8, b8};
    int32_t o32[1];
    CHECK(run("ENTRY e {\n  a = s8[2] parameter(0)\n  b = s8[2] parameter(1)\n"
              "  ROOT d = s32[] dot(a, b), lhs_contracting_dims={0}, rhs_contracting_dims={0}\n}\n", i8, o32, 4) &&
          o32[0] == 12700);
    /* bf16 x bf16 -> f32 */
    const uint16_t hb[2] = {0x3F80, 0x4000};
    const void *ib[2] = {hb, hb};
    CHECK(run("ENTRY e {\n  a = bf16[2] parameter(0)\n  b = bf16[2] parameter(1)\n"
              "  ROOT d = f32[] dot(a, b), lhs_contracting_dims={0}, rhs_contracting_dims={0}\n}\n", ib, o, 4) && o[0] == 5);
    /* reduce with maximum (NaN propagates) and pred reduce with or */
    const float v[4] = {1, NAN, 3, 2};
    const void *iv[1] = {v};
    CHECK(run("mx { a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT m = f32[] maximum(a, b) }\n"
              "ENTRY e {\n  x = f32[2,2] parameter(0)\n  c = f32[] constant(-inf)\n"
              "  ROOT r = f32[2] reduce(x, c), dimensions={1}, to_apply=mx\n}\n", iv, o, 8) && isnan(o[0]) && o[1] == 3);
    const uint8_t p[4] = {0, 0, 0, 1};
    const void *ip[1] = {p};
    uint8_t po[2];
    CHECK(run("or { a = pred[] parameter(0)\n  b = pred[] parameter(1)\n  ROOT m = pred[] or(a, b) }\n"
              "ENTRY e {\n  x = pred[2,2] parameter(0)\n  c = pred[] constant(false)\n"
              "  ROOT r = pred[2] reduce(x, c), dimensions={1}, to_apply=or\n}\n", ip, po, 2) && po[0] == 0 && po[1] == 1);
    /* bf16 reduce rounds every step to bf16: 256 + 1 + 1 stays 256 */
    const uint16_t hv[3] = {0x4380 /* 256 */, 0x3F80, 0x3F80};
    const void *ih[1] = {hv};
    uint16_t ho[1];
    CHECK(run("add { a = bf16[] parameter(0)\n  b = bf16[] parameter(1)\n  ROOT m = bf16[] add(a, b) }\n"
              "ENTRY e {\n  x = bf16[3] parameter(0)\n  c = bf16[] constant(0)\n"
              "  ROOT r = bf16[] reduce(x, c), dimensions={0}, to_apply=add\n}\n", ih, ho, 2) && ho[0] == 0x4380);
    tu_expect_err("sub { a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT m = f32[] subtract(a, b) }\n"
                  "ENTRY e {\n  x = f32[4] parameter(0)\n  c = f32[] constant(0)\n"
                  "  ROOT r = f32[] reduce(x, c), dimensions={0}, to_apply=sub\n}\n", 7, 18,
                  "unsupported reduce computation 'sub' (supported: a scalar f32 add, multiply, maximum, minimum");
}

static void slice_pad_tests(void) {
    const float v[5] = {0, 1, 2, 3, 4};
    const int32_t s[1] = {4};
    const void *in[2] = {v, s};
    float o[9];
    /* dynamic-slice clamps the start: 4 -> 5 - 2 = 3 */
    CHECK(run("ENTRY e {\n  a = f32[5] parameter(0)\n  i = s32[] parameter(1)\n"
              "  ROOT d = f32[2] dynamic-slice(a, i), dynamic_slice_sizes={2}\n}\n", in, o, 8) && o[0] == 3 && o[1] == 4);
    const float u[2] = {9, 8};
    const void *du[3] = {v, u, s};
    CHECK(run("ENTRY e {\n  a = f32[5] parameter(0)\n  u = f32[2] parameter(1)\n  i = s32[] parameter(2)\n"
              "  ROOT d = f32[5] dynamic-update-slice(a, u, i)\n}\n", du, o, 20) && o[2] == 2 && o[3] == 9 && o[4] == 8);
    /* pad: low 1, high 2, interior 1 */
    const void *pi[1] = {v};
    CHECK(run("ENTRY e {\n  a = f32[3] parameter(0)\n  z = f32[] constant(-1)\n"
              "  ROOT p = f32[9] pad(a, z), padding=1_3_1\n}\n", pi, o, 36) &&
          o[0] == -1 && o[1] == 0 && o[2] == -1 && o[3] == 1 && o[5] == 2 && o[6] == -1 && o[8] == -1);
    /* reverse */
    CHECK(unary("f32", "f32", "reverse(a), dimensions={0}", 5, v, o, 20) && o[0] == 4 && o[4] == 0);
    /* iota of s32 and bitcast-convert */
    int32_t io[4];
    CHECK(run("ENTRY e {\n  ROOT i = s32[2,2] iota(), iota_dimension=1\n}\n", NULL, io, 16) && io[1] == 1 && io[2] == 0);
    const float one[1] = {1.0f};
    CHECK(unary("f32", "s32", "bitcast-convert(a)", 1, one, io, 4) && io[0] == 0x3F800000);
}

static void precision_tests(void) {
    /* reduce-precision to f16's format: 1 + 2^-11 is a tie -> 1; 70000 overflows to inf; 2^-30 underflows to 0 */
    const float v[4] = {1.00048828125f, 70000.0f, 9.3132257e-10f, NAN};
    float o[4];
    CHECK(unary("f32", "f32", "reduce-precision(a), exponent_bits=5, mantissa_bits=10", 4, v, o, 16) && o[0] == 1.0f &&
          o[1] == INFINITY && o[2] == 0 && isnan(o[3]));
    /* bf16 arithmetic rounds each result: 1 + 2^-9 in bf16 is 1 */
    const uint16_t a[1] = {0x3F80}, b[1] = {0x3B00 /* 2^-9 */};
    const void *in[2] = {a, b};
    uint16_t h[1];
    CHECK(run("ENTRY e {\n  a = bf16[1] parameter(0)\n  b = bf16[1] parameter(1)\n  ROOT r = bf16[1] add(a, b)\n}\n", in, h, 2) &&
          h[0] == 0x3F80);
    /* f64 keeps its precision */
    const double d[1] = {1.0 + ldexp(1.0, -40)};
    double dd[1];
    CHECK(unary("f64", "f64", "multiply(a, a)", 1, d, dd, 8) && dd[0] == (1.0 + ldexp(1.0, -40)) * (1.0 + ldexp(1.0, -40)));
    /* literals of each type */
    int64_t l64[2];
    CHECK(run("ENTRY e {\n  ROOT c = s64[2] constant({-9007199254740993, 5})\n}\n", NULL, l64, 16) &&
          l64[0] == -9007199254740993LL && l64[1] == 5);
    uint8_t pl[2];
    CHECK(run("ENTRY e {\n  ROOT c = pred[2] constant({true, false})\n}\n", NULL, pl, 2) && pl[0] == 1 && pl[1] == 0);
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

/* tuple-returning fusions through get-tuple-element, and what stays rejected */
static void tuple_tests(void) {
    const float v[2] = {1, 2};
    const void *in[1] = {v};
    float o[2];
    const char *f = "f { p = f32[2] parameter(0)\n  n = f32[2] negate(p)\n  e = f32[2] add(p, p)\n"
                    "  ROOT t = (f32[2], f32[2]) tuple(n, e) }\n";
    char t[512];
    snprintf(t, sizeof t, "%sENTRY e {\n  a = f32[2] parameter(0)\n  fu = (f32[2], f32[2]) fusion(a), kind=kLoop, calls=f\n"
             "  x = f32[2] get-tuple-element(fu), index=1\n  y = f32[2] get-tuple-element(fu), index=0\n"
             "  ROOT r = f32[2] multiply(x, y)\n}\n", f);
    CHECK(run(t, in, o, 8) && o[0] == -2 && o[1] == -8);
    tu_expect_err("ENTRY e {\n  a = f32[2] parameter(0)\n  ROOT g = f32[2] get-tuple-element(a), index=0\n}\n", 3, 19,
                  "get-tuple-element of 'a' is not supported (only of a fusion or call returning a tuple)");
    snprintf(t, sizeof t, "%sENTRY e {\n  a = f32[2] parameter(0)\n  fu = (f32[2], f32[2]) fusion(a), calls=f\n"
             "  ROOT x = f32[2] get-tuple-element(fu), index=2\n}\n", f);
    tu_expect_err(t, 8, 19, "get-tuple-element index 2 is outside the 2-element tuple");
    tu_expect_err("ENTRY e {\n  a = f32[2] parameter(0)\n  ROOT b = f16[2] bitcast-convert(a)\n}\n", 3, 19,
                  "bitcast-convert between f32 and f16 (element sizes differ or pred) is not supported");
    tu_expect_err("ENTRY e {\n  a = f32[2] parameter(0)\n  ROOT t = tuple(a)\n}\n", 3, 12, "missing result shape before 'tuple'");
    tu_expect_err("ENTRY e {\n  a = f32[2] parameter(0)\n  ROOT d = f32[] dot(a, a), lhs_batch_dims={0,1,2,3,4,5,6,7}, "
                  "rhs_batch_dims={0,1,2,3,4,5,6,7}, lhs_contracting_dims={0,1,2,3,4,5,6,7}, "
                  "rhs_contracting_dims={0,1,2,3,4,5,6,7}\n}\n", 3, 18, "dot has 34 dimension numbers in all, more than the 32 supported");
}

/* corrupt tensor files and kernel programs are refused with one message */
static void hostile_file_tests(void) {
    /* "SFTB", version 2, one tensor "x" of element type 99 */
    const unsigned char bad_type[] = {'S', 'F', 'T', 'B', 2, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 'x', 99, 0, 0, 0, 0, 0, 0, 0};
    /* the same with type 4 (s32) and rank 1 of 4 elements, but only 8 data bytes */
    const unsigned char short_data[] = {'S', 'F', 'T', 'B', 2, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 'x', 4, 0, 0, 0, 1, 0, 0, 0,
                                        4, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0};
    const struct { const unsigned char *b; size_t n; const char *msg; } cases[2] = {
        {bad_type, sizeof bad_type, "tensor 'x' has the unknown element type code 99"},
        {short_data, sizeof short_data, "truncated tensor data for 'x'"}};
    for (int i = 0; i < 2; i++) {
        FILE *f = tmpfile();
        CHECK(f != NULL);
        if (!f) continue;
        fwrite(cases[i].b, 1, cases[i].n, f);
        rewind(f);
        pg_tensorval *t = NULL;
        int n = 0;
        char err[200] = "";
        CHECK(!pg_tf_read(f, &t, &n, err, sizeof err) && strstr(err, cases[i].msg));
        fclose(f);
    }
    /* a reduce without its combiner, a compare with an unknown direction */
    const char *bir = "bir 1\nmodule m\nbuffer_bytes 4096\ntensor a f32[4] input 0 offset=0 bytes=16\n"
                      "tensor z f32[] input 1 offset=64 bytes=4\ntensor r f32[] output 0 offset=128 bytes=4\n"
                      "inst reduce r a z attr=0\nend\n";
    pg_kprog k;
    pg_kprog_init(&k);
    pg_diag d = {0};
    pg_sbuf rep = {0};
    CHECK(pg_kprog_read(bir, strlen(bir), 1, &k, &d) && pg_verify(&k, "m.bir", 1, &rep) == 1 && rep.p &&
          strstr(rep.p, "m.bir:7:1: reduce 'r': fn is missing or not valid for f32"));
    pg_sbuf_free(&rep);
    pg_kprog_free(&k);
    /* the reader parses shapes with the HLO shape parser: same messages, positions in the line */
    const char *pir_type = "penguin 1\nmodule m\ntensor a c64[4] input 0\nend\n";
    pg_kprog_init(&k);
    CHECK(!pg_kprog_read(pir_type, strlen(pir_type), 0, &k, &d) && d.line == 3 && d.col == 10 &&
          strstr(d.msg, "unsupported element type 'c64' (supported: pred,"));
    pg_kprog_free(&k);
    const char *bad_dim = "penguin 1\nmodule m\ntensor a f32[4,x] input 0\nend\n";
    pg_kprog_init(&k);
    CHECK(!pg_kprog_read(bad_dim, strlen(bad_dim), 0, &k, &d) && d.line == 3 && d.col == 16 &&
          strstr(d.msg, "unsupported dimension 'x' (only static sizes)"));
    pg_kprog_free(&k);
    const char *bad_fn = "bir 1\nmodule m\nbuffer_bytes 4096\ntensor a f32[4] input 0 offset=0 bytes=16\n"
                         "tensor r pred[4] output 0 offset=64 bytes=4\ninst compare r a a fn=XX\nend\n";
    pg_kprog_init(&k);
    CHECK(!pg_kprog_read(bad_fn, strlen(bad_fn), 1, &k, &d) && d.line == 6 && strstr(d.msg, "unknown fn"));
    pg_kprog_free(&k);
}

int main(void) {
    tuple_tests();
    hostile_file_tests();
    convert_tests();
    integer_tests();
    compare_select_tests();
    gather_scatter_tests();
    dot_reduce_tests();
    slice_pad_tests();
    precision_tests();
    return tu_finish("test_types");
}
