/* test_xla - unit tests of the XLA subset added for issue 17: modules
 * without the HloModule line, ignored attributes and layouts, elided
 * constants, fusion/call inlining, and the semantics of abs, log, sqrt,
 * rsqrt, power and copy against values from XLA's operation semantics
 * (IEEE-754 f32: NaN and infinities propagate as in C's math library,
 * which XLA's CPU backend also uses). Exit 0 when all pass. */
#include "exec.h"
#include "kprog.h"
#include <math.h>
#include "testutil.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* eval: parse, lower and evaluate a module with inputs in[p] (f32[n]
 * parameters); writes the first output's n values to out. 1 on success. */
static int eval(const char *text, const void *const *in, void *out, int n) {
    pg_diag d = {0};
    pg_module *m = tu_parse(text, &d);
    if (!m) { fprintf(stderr, "test_xla: %d:%d: %s\n", d.line, d.col, d.msg); return 0; }
    pg_kprog k;
    pg_kprog_init(&k);
    void *res[4] = {NULL, NULL, NULL, NULL};
    int ok = pg_lower(m, &k, &d) && pg_eval(&k, in, res, &d);
    if (ok) memcpy(out, res[0], (size_t)(pg_et_size(m->entry->root->shape.et) * n));
    for (int i = 0; i < 4; i++) free(res[i]);
    pg_kprog_free(&k);
    pg_module_free(m);
    return ok;
}

/* unary: op applied to each of v[0..n) */
static int unary(const char *op, const float *v, float *out, int n) {
    char t[256];
    snprintf(t, sizeof t, "ENTRY e {\n  a = f32[%d] parameter(0)\n  ROOT r = f32[%d] %s(a)\n}\n", n, n, op);
    const void *in[1] = {v};
    return eval(t, in, out, n);
}

static void module_structure_tests(void) {
    pg_diag d = {0};
    /* no HloModule line: ENTRY is the entry; without ENTRY the last one */
    pg_module *m = tu_parse("c { ROOT p = f32[] parameter(0) }\nENTRY main { ROOT q = f32[2] parameter(0) }\nd { ROOT z = f32[] parameter(0) }\n", &d);
    CHECK(m && strcmp(m->entry->name, "main") == 0 && strcmp(m->name, "main") == 0);
    pg_module_free(m);
    m = tu_parse("c { ROOT p = f32[] parameter(0) }\nlast { ROOT q = f32[3] parameter(0) }\n", &d);
    CHECK(m && strcmp(m->entry->name, "last") == 0 && m->entry->root->shape.dims[0] == 3);
    pg_module_free(m);
    /* ignored attributes, layouts (also tiled), typed operands */
    m = tu_parse("HloModule m, is_scheduled=true, entry_computation_layout={(f32[2,3,4,5]{0,2,1,3})->f32[2,3,4,5]{3,2,1,0}}\n"
          "ENTRY e {\n  a = f32[2,3,4,5]{0,2,1,3} parameter(0), sharding={devices=[1,2]0,1}, parameter_replication={false}\n"
          "  b = f32[2,3,4,5]{3,2,1,0:T(8,128)} negate(f32[2,3,4,5]{0,2,1,3} a), metadata={op_type=\"neg\" op_name=\"jit(f)/neg\" source_file=\"/x.py\" source_line=1}\n"
          "  c = f32[2,3,4,5]{1,0,2,3} abs(b), backend_config={\"operation_queue_id\":\"0\",\"wait_on_operation_queues\":[]}\n"
          "  ROOT r = f32[2,3,4,5] copy(c), backend_config=\"{\\\"x\\\":1}\", frontend_attributes={_xla_stream_annotation=\"1\",b=\"c\"}\n}\n", &d);
    if (!m) fprintf(stderr, "test_xla: %d:%d: %s\n", d.line, d.col, d.msg);
    CHECK(m && m->entry->root->op == PG_OP_COPY);
    pg_module_free(m);
    /* constants printed without their values */
    tu_expect_err("ENTRY e {\n  ROOT c = f32[1000] constant({...})\n}\n", 2, 32,
               "constant values elided at 2:32; export with large constants printed");
}

static const char *FUSED =
    "%f (p0: f32[3], p1: f32[3]) -> f32[3] {\n  %p1 = f32[3] parameter(1)\n  %p0 = f32[3] parameter(0)\n"
    "  %s = f32[3] subtract(%p0, %p1)\n  ROOT %m = f32[3] multiply(%s, %p1)\n}\n"
    "%g (q: f32[3]) -> f32[3] {\n  %q = f32[3] parameter(0)\n  %i = f32[3] fusion(%q, %q), kind=kLoop, calls=%f\n"
    "  ROOT %n = f32[3] negate(%i)\n}\n";

static void inline_tests(void) {
    char t[2048];
    snprintf(t, sizeof t, "%sENTRY e {\n  x = f32[3] parameter(0)\n  y = f32[3] parameter(1)\n"
             "  fu = f32[3] fusion(x, y), kind=kLoop, calls=%%f\n  ROOT c = f32[3] call(fu), to_apply=%%g\n}\n", FUSED);
    const float x[3] = {5, 1, -2}, y[3] = {2, 3, 4};
    const void *in[2] = {x, y};
    float out[3];
    /* fu = (x - y) * y = {6, -6, -24}; g(fu) = -((fu - fu) * fu) = -0 */
    CHECK(eval(t, in, out, 3) && out[0] == 0 && out[1] == 0 && out[2] == 0 && signbit(out[0]) && !signbit(out[1]));
    snprintf(t, sizeof t, "%sENTRY e {\n  x = f32[3] parameter(0)\n  y = f32[3] parameter(1)\n"
             "  ROOT fu = f32[3] fusion(x, y), kind=kLoop, calls=%%f\n}\n", FUSED);
    CHECK(eval(t, in, out, 3) && out[0] == 6 && out[1] == -6 && out[2] == -24);
    pg_diag d = {0};
    pg_module *m = tu_parse(t, &d);
    CHECK(m && strcmp(m->entry->root->name, "fu") == 0 && m->entry->n_instrs == 4);
    pg_module_free(m);
    snprintf(t, sizeof t, "%sENTRY e {\n  x = f32[3] parameter(0)\n  ROOT fu = f32[3] fusion(x), calls=%%f\n}\n", FUSED);
    tu_expect_err(t, 14, 20, "fusion passes 1 operand to 'f', which has 2 parameters");
    snprintf(t, sizeof t, "%sENTRY e {\n  x = f32[2] parameter(0)\n  ROOT fu = f32[3] call(x), to_apply=%%g\n}\n", FUSED);
    tu_expect_err(t, 14, 25, "shape mismatch: operand 0 of 'fu' is f32[2] but parameter 0 of 'g' is f32[3]");
    tu_expect_err("a { x = f32[] parameter(0)\n ROOT y = f32[] call(x), to_apply=a }\nENTRY e { p = f32[] parameter(0)\n ROOT c = f32[] call(p), to_apply=a }\n",
               1, 1, "computation 'a' calls itself");
    tu_expect_err("ENTRY e { p = f32[] parameter(0)\n ROOT c = f32[] fusion(p), kind=kLoop }\n", 2, 17, "fusion needs calls=<computation>");
    tu_expect_err("ENTRY e { p = f32[] parameter(0)\n ROOT c = f32[] call(p), to_apply=e }\n", 2, 17,
                  "call cannot call the ENTRY computation 'e'");
    tu_expect_err("t { p = f32[] parameter(0)\n ROOT r = (f32[]) tuple(p) }\nENTRY e { p = f32[] parameter(0)\n"
                  " ROOT c = f32[] fusion(p), calls=t }\n", 4, 17, "fusion of 't' returns a tuple but is declared with an array shape");
}

static void op_semantics_tests(void) {
    const float inf = INFINITY, v[6] = {-2.0f, 0.0f, 1.0f, 4.0f, -0.0f, NAN};
    float o[6];
    CHECK(unary("abs", v, o, 6) && o[0] == 2 && o[1] == 0 && o[3] == 4 && o[4] == 0 && !signbit(o[4]) && isnan(o[5]));
    /* log: log(0) = -inf, log of a negative number = NaN, log(1) = 0 */
    CHECK(unary("log", v, o, 6) && isnan(o[0]) && o[1] == -inf && o[2] == 0 && fabsf(o[3] - 1.3862944f) < 1e-6f && o[4] == -inf && isnan(o[5]));
    /* sqrt(-0) = -0, sqrt(negative) = NaN */
    CHECK(unary("sqrt", v, o, 6) && isnan(o[0]) && o[1] == 0 && o[3] == 2 && signbit(o[4]) && isnan(o[5]));
    /* rsqrt = 1/sqrt: rsqrt(0) = +inf, rsqrt(-0) = -inf, rsqrt(4) = 0.5 */
    CHECK(unary("rsqrt", v, o, 6) && isnan(o[0]) && o[1] == inf && o[2] == 1 && o[3] == 0.5f && o[4] == -inf && isnan(o[5]));
    CHECK(unary("copy", v, o, 6) && o[0] == -2 && signbit(o[4]) && isnan(o[5]));
    /* power: pow(x, 0) = 1 even for NaN, pow(-8, 1/3) = NaN, 2^10, 0^-1 = inf */
    const float base[5] = {2, NAN, -8, 0, -2}, ex[5] = {10, 0, 1.0f / 3, -1, 3};
    const void *in[2] = {base, ex};
    CHECK(eval("ENTRY e {\n  a = f32[5] parameter(0)\n  b = f32[5] parameter(1)\n  ROOT r = f32[5] power(a, b)\n}\n", in, o, 5) &&
          o[0] == 1024 && o[1] == 1 && isnan(o[2]) && o[3] == inf && o[4] == -8);
}

static void iota_slice_tests(void) {
    float o[6];
    CHECK(eval("ENTRY e {\n  ROOT i = f32[2,3] iota(), iota_dimension=1\n}\n", NULL, o, 6) &&
          o[0] == 0 && o[1] == 1 && o[2] == 2 && o[3] == 0 && o[5] == 2);
    CHECK(eval("ENTRY e {\n  ROOT i = f32[2,3]{0,1} iota(), iota_dimension=0\n}\n", NULL, o, 6) &&
          o[0] == 0 && o[2] == 0 && o[3] == 1 && o[5] == 1);
    const float v[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    const void *in[1] = {v};
    /* [1:5:2] of 0..4 = {1, 3}; 2-D: rows [0:2], columns [2:5] of a 2x5 */
    CHECK(eval("ENTRY e {\n  a = f32[5] parameter(0)\n  ROOT s = f32[2] slice(a), slice={[1:5:2]}\n}\n", in, o, 2) &&
          o[0] == 1 && o[1] == 3);
    CHECK(eval("ENTRY e {\n  a = f32[2,5] parameter(0)\n  ROOT s = f32[2,3] slice(a), slice={[0:2], [2:5]}\n}\n", in, o, 6) &&
          o[0] == 2 && o[2] == 4 && o[3] == 7 && o[5] == 9);
    tu_expect_err("ENTRY e {\n  a = f32[5] parameter(0)\n  ROOT s = f32[2] slice(a), slice={[4:6]}\n}\n", 3, 19,
                  "slice [4:6:1] is outside dimension 0 of size 5");
    tu_expect_err("ENTRY e {\n  ROOT i = f32[2] iota(), iota_dimension=1\n}\n", 2, 19,
                  "iota_dimension must name one of the 1 dimensions");
    tu_expect_err("ENTRY e {\n  ROOT i = f32[2] iota()\n}\n", 2, 19, "iota needs iota_dimension=N");
    tu_expect_err("ENTRY e {\n  a = f32[5] parameter(0)\n  ROOT s = f32[2] slice(a)\n}\n", 3, 19,
                  "slice needs slice={[start:limit:stride], ...}");
}

static void clamp_concatenate_tests(void) {
    const float x[5] = {-1, 0.5f, 2, NAN, 1}, lo[5] = {0, NAN, 0, 0, 0}, hi[1] = {1};
    const void *in[3] = {lo, x, hi};
    float o[8];
    /* clamp = min(max(x, lo), hi); NaN in the operand or a bound propagates */
    CHECK(eval("ENTRY e {\n  l = f32[] parameter(0)\n  x = f32[5] parameter(1)\n  h = f32[] parameter(2)\n"
               "  ROOT c = f32[5] clamp(l, x, h)\n}\n", in, o, 5) && o[0] == 0 && o[1] == 0.5f && o[2] == 1 && isnan(o[3]));
    CHECK(eval("ENTRY e {\n  l = f32[5] parameter(0)\n  x = f32[5] parameter(1)\n  h = f32[] parameter(2)\n"
               "  ROOT c = f32[5] clamp(l, x, h)\n}\n", in, o, 5) && o[0] == 0 && isnan(o[1]) && o[2] == 1 && isnan(o[3]) && o[4] == 1);
    const float a[4] = {1, 2, 3, 4}, b[2] = {5, 6};
    const void *ab[2] = {a, b};
    CHECK(eval("ENTRY e {\n  a = f32[2,2] parameter(0)\n  b = f32[2,1] parameter(1)\n"
               "  ROOT c = f32[2,3] concatenate(a, b), dimensions={1}\n}\n", ab, o, 6) &&
          o[0] == 1 && o[1] == 2 && o[2] == 5 && o[3] == 3 && o[4] == 4 && o[5] == 6);
    const void *aba[3] = {a, b, a};
    CHECK(eval("ENTRY e {\n  a = f32[4] parameter(0)\n  b = f32[2] parameter(1)\n  c = f32[4] parameter(2)\n"
               "  ROOT r = f32[10] concatenate(a, b, c), dimensions={0}\n}\n", aba, o, 8) && o[3] == 4 && o[4] == 5 && o[6] == 1);
    tu_expect_err("ENTRY e {\n  a = f32[2,2] parameter(0)\n  b = f32[3,1] parameter(1)\n"
                  "  ROOT c = f32[2,3] concatenate(a, b), dimensions={1}\n}\n", 4, 21,
                  "concatenate operand 1 is f32[3,1], which does not match f32[2,2] outside dimension 1");
    tu_expect_err("ENTRY e {\n  a = f32[2] parameter(0)\n  b = f32[3] parameter(1)\n  ROOT c = f32[3] clamp(a, b, a)\n}\n", 4, 19,
                  "clamp min f32[2] must be a scalar or the operand's shape f32[3]");
}

static void bitcast_tests(void) {
    const float v[6] = {1, 2, 3, 4, 5, 6};
    const void *in[1] = {v};
    float o[6];
    /* row-major layouts (written or not): bitcast is a reshape */
    CHECK(eval("ENTRY e {\n  a = f32[2,3]{1,0} parameter(0)\n  ROOT b = f32[3,2] bitcast(a)\n}\n", in, o, 6) &&
          o[0] == 1 && o[1] == 2 && o[5] == 6);
    tu_expect_err("ENTRY e {\n  a = f32[2,3]{0,1} parameter(0)\n  ROOT b = f32[3,2]{1,0} bitcast(a)\n}\n", 3, 26,
                  "bitcast between layouts is not supported (only row-major layouts, where it is a reshape)");
    tu_expect_err("ENTRY e {\n  a = f32[6] parameter(0)\n  ROOT b = f32[3,2]{0,1:T(2,128)} bitcast(a)\n}\n", 3, 35,
                  "bitcast between layouts");
}

int main(void) {
    bitcast_tests();
    clamp_concatenate_tests();
    iota_slice_tests();
    module_structure_tests();
    inline_tests();
    op_semantics_tests();
    return tu_finish("test_xla");
}
