/* types_structural.c - test_types: gather/scatter, dot/reduce, slicing/padding and tuple fusions */
#include "types_int.h"
#include <math.h>
#include <stdio.h>

void tt_gather_scatter_tests(void) {
    const float v[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    /* start indices are clamped so the slice stays inside the operand:
     * -5 -> 0, 100 -> 10 - 3 = 7 */
    const int32_t idx[3] = {-5, 3, 100};
    const void *in[2] = {v, idx};
    float o[9];
    CHECK(tt_run("ENTRY e {\n  a = f32[10] parameter(0)\n  i = s32[3,1] parameter(1)\n"
              "  ROOT g = f32[3,3] gather(a, i), offset_dims={1}, collapsed_slice_dims={}, start_index_map={0}, "
              "index_vector_dim=1, slice_sizes={3}\n}\n", in, o, sizeof o) &&
          o[0] == 0 && o[2] == 2 && o[3] == 3 && o[5] == 5 && o[6] == 7 && o[8] == 9);
    /* embedding lookup: rows of a [5,2] table, collapsed row dimension, implicit index vector */
    const int32_t rows[3] = {4, 0, 9};
    const void *emb[2] = {v, rows};
    CHECK(tt_run("ENTRY e {\n  t = f32[5,2] parameter(0)\n  i = s32[3] parameter(1)\n"
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
    CHECK(tt_run(t, sc, o, 20) && o[0] == 0 && o[1] == 3 && o[2] == 0 && o[3] == 0 && o[4] == 3);
    /* assignment: the last update in row-major order wins */
    snprintf(t, sizeof t, "%sENTRY e {\n  a = f32[5] parameter(0)\n  i = s32[4,1] parameter(1)\n  u = f32[4] parameter(2)\n"
             "  ROOT s = f32[5] scatter(a, i, u), update_window_dims={}, inserted_window_dims={0}, "
             "scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=set\n}\n", body);
    CHECK(tt_run(t, sc, o, 20) && o[1] == 2 && o[4] == 3 && o[0] == 0);
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

void tt_dot_reduce_tests(void) {
    /* batch dot: [2,2,3] . [2,3,1] over batch 0/0, contracting 2/1 */
    const float l[12] = {1, 2, 3, 4, 5, 6, 1, 0, 0, 0, 1, 0}, r[6] = {1, 1, 1, 2, 3, 4};
    const void *in[2] = {l, r};
    float o[4];
    CHECK(tt_run("ENTRY e {\n  a = f32[2,2,3] parameter(0)\n  b = f32[2,3,1] parameter(1)\n"
              "  ROOT d = f32[2,2,1] dot(a, b), lhs_batch_dims={0}, rhs_batch_dims={0}, lhs_contracting_dims={2}, "
              "rhs_contracting_dims={1}\n}\n", in, o, 16) && o[0] == 6 && o[1] == 15 && o[2] == 2 && o[3] == 3);
    /* s8 x s8 -> s32 does not wrap at 8 bits */
    const int8_t a8[2] = {100, 100}, b8[2] = {100, 27};
    const void *i8[2] = {a8, b8};
    int32_t o32[1];
    CHECK(tt_run("ENTRY e {\n  a = s8[2] parameter(0)\n  b = s8[2] parameter(1)\n"
              "  ROOT d = s32[] dot(a, b), lhs_contracting_dims={0}, rhs_contracting_dims={0}\n}\n", i8, o32, 4) &&
          o32[0] == 12700);
    /* bf16 x bf16 -> f32 */
    const uint16_t hb[2] = {0x3F80, 0x4000};
    const void *ib[2] = {hb, hb};
    CHECK(tt_run("ENTRY e {\n  a = bf16[2] parameter(0)\n  b = bf16[2] parameter(1)\n"
              "  ROOT d = f32[] dot(a, b), lhs_contracting_dims={0}, rhs_contracting_dims={0}\n}\n", ib, o, 4) && o[0] == 5);
    /* reduce with maximum (NaN propagates) and pred reduce with or */
    const float v[4] = {1, NAN, 3, 2};
    const void *iv[1] = {v};
    CHECK(tt_run("mx { a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT m = f32[] maximum(a, b) }\n"
              "ENTRY e {\n  x = f32[2,2] parameter(0)\n  c = f32[] constant(-inf)\n"
              "  ROOT r = f32[2] reduce(x, c), dimensions={1}, to_apply=mx\n}\n", iv, o, 8) && isnan(o[0]) && o[1] == 3);
    const uint8_t p[4] = {0, 0, 0, 1};
    const void *ip[1] = {p};
    uint8_t po[2];
    CHECK(tt_run("or { a = pred[] parameter(0)\n  b = pred[] parameter(1)\n  ROOT m = pred[] or(a, b) }\n"
              "ENTRY e {\n  x = pred[2,2] parameter(0)\n  c = pred[] constant(false)\n"
              "  ROOT r = pred[2] reduce(x, c), dimensions={1}, to_apply=or\n}\n", ip, po, 2) && po[0] == 0 && po[1] == 1);
    /* bf16 reduce rounds every step to bf16: 256 + 1 + 1 stays 256 */
    const uint16_t hv[3] = {0x4380 /* 256 */, 0x3F80, 0x3F80};
    const void *ih[1] = {hv};
    uint16_t ho[1];
    CHECK(tt_run("add { a = bf16[] parameter(0)\n  b = bf16[] parameter(1)\n  ROOT m = bf16[] add(a, b) }\n"
              "ENTRY e {\n  x = bf16[3] parameter(0)\n  c = bf16[] constant(0)\n"
              "  ROOT r = bf16[] reduce(x, c), dimensions={0}, to_apply=add\n}\n", ih, ho, 2) && ho[0] == 0x4380);
    tu_expect_err("sub { a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT m = f32[] subtract(a, b) }\n"
                  "ENTRY e {\n  x = f32[4] parameter(0)\n  c = f32[] constant(0)\n"
                  "  ROOT r = f32[] reduce(x, c), dimensions={0}, to_apply=sub\n}\n", 7, 18,
                  "unsupported reduce computation 'sub' (supported: a scalar f32 add, multiply, maximum, minimum");
}

void tt_slice_pad_tests(void) {
    const float v[5] = {0, 1, 2, 3, 4};
    const int32_t s[1] = {4};
    const void *in[2] = {v, s};
    float o[9];
    /* dynamic-slice clamps the start: 4 -> 5 - 2 = 3 */
    CHECK(tt_run("ENTRY e {\n  a = f32[5] parameter(0)\n  i = s32[] parameter(1)\n"
              "  ROOT d = f32[2] dynamic-slice(a, i), dynamic_slice_sizes={2}\n}\n", in, o, 8) && o[0] == 3 && o[1] == 4);
    const float u[2] = {9, 8};
    const void *du[3] = {v, u, s};
    CHECK(tt_run("ENTRY e {\n  a = f32[5] parameter(0)\n  u = f32[2] parameter(1)\n  i = s32[] parameter(2)\n"
              "  ROOT d = f32[5] dynamic-update-slice(a, u, i)\n}\n", du, o, 20) && o[2] == 2 && o[3] == 9 && o[4] == 8);
    /* pad: low 1, high 2, interior 1 */
    const void *pi[1] = {v};
    CHECK(tt_run("ENTRY e {\n  a = f32[3] parameter(0)\n  z = f32[] constant(-1)\n"
              "  ROOT p = f32[9] pad(a, z), padding=1_3_1\n}\n", pi, o, 36) &&
          o[0] == -1 && o[1] == 0 && o[2] == -1 && o[3] == 1 && o[5] == 2 && o[6] == -1 && o[8] == -1);
    /* reverse */
    CHECK(tt_unary("f32", "f32", "reverse(a), dimensions={0}", 5, v, o, 20) && o[0] == 4 && o[4] == 0);
    /* iota of s32 and bitcast-convert */
    int32_t io[4];
    CHECK(tt_run("ENTRY e {\n  ROOT i = s32[2,2] iota(), iota_dimension=1\n}\n", NULL, io, 16) && io[1] == 1 && io[2] == 0);
    const float one[1] = {1.0f};
    CHECK(tt_unary("f32", "s32", "bitcast-convert(a)", 1, one, io, 4) && io[0] == 0x3F800000);
}

/* tuple-returning fusions through get-tuple-element, and what stays rejected */
void tt_tuple_tests(void) {
    const float v[2] = {1, 2};
    const void *in[1] = {v};
    float o[2];
    const char *f = "f { p = f32[2] parameter(0)\n  n = f32[2] negate(p)\n  e = f32[2] add(p, p)\n"
                    "  ROOT t = (f32[2], f32[2]) tuple(n, e) }\n";
    char t[512];
    snprintf(t, sizeof t, "%sENTRY e {\n  a = f32[2] parameter(0)\n  fu = (f32[2], f32[2]) fusion(a), kind=kLoop, calls=f\n"
             "  x = f32[2] get-tuple-element(fu), index=1\n  y = f32[2] get-tuple-element(fu), index=0\n"
             "  ROOT r = f32[2] multiply(x, y)\n}\n", f);
    CHECK(tt_run(t, in, o, 8) && o[0] == -2 && o[1] == -8);
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
