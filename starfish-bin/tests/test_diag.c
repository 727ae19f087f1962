/* test_diag - the diagnostics of a rejected model (issue 24): never cut,
 * pointing at the docs for the list of ops, "did you mean" for a
 * misspelt op, StableHLO/MLIR text named as such, and an unsupported
 * while named as while. Exit 0 when all pass. */
#include "hint.h"
#include "testutil.h"
#include <stdlib.h>
#include <string.h>

#define DOC "(the supported ops are listed in docs/toolchain-contract.md, \"Supported HLO subset\")"

static const char *parse_error(const char *text, pg_diag *d) {
    pg_module *m = tu_parse(text, d);
    CHECK(m == NULL);
    pg_module_free(m);
    return d->msg;
}

static void expect_message(const char *text, int line, int col, const char *want) {
    pg_diag d = {0};
    parse_error(text, &d);
    if (!(d.line == line && d.col == col && strcmp(d.msg, want) == 0)) {
        fprintf(stderr, "got %d:%d: %s\nwant %d:%d: %s\n", d.line, d.col, d.msg, line, col, want);
        tu_fails++;
    }
}

static void unsupported_ops(void) {
    expect_message("HloModule m\nENTRY e {\n  p = f32[1,4,4,1] parameter(0)\n  k = f32[1,1,1,1] parameter(1)\n"
                   "  ROOT c = f32[1,4,4,1] convolution(p, k), window={size=1x1}, dim_labels=b01f_01io->b01f\n}\n",
                   5, 25, "unsupported op 'convolution' " DOC);
    expect_message("HloModule m\nENTRY e {\n  p = f32[4] parameter(0)\n  ROOT r = f32[4] exponentail(p)\n}\n", 4, 19,
                   "unsupported op 'exponentail': did you mean 'exponential'? " DOC);
    /* an XLA op of its own is never "corrected" to a supported op one edit away */
    expect_message("HloModule m\nENTRY e {\n  p = f32[4] parameter(0)\n  ROOT r = f32[4] sort(p), dimensions={0}\n}\n", 4,
                   19, "unsupported op 'sort' " DOC);
    CHECK(pg_hint_op_suggest("rehsape", 7) && strcmp(pg_hint_op_suggest("rehsape", 7), "reshape") == 0);
    CHECK(pg_hint_op_suggest("frobnicate", 10) == NULL);
    CHECK(pg_hint_op_suggest("while", 5) == NULL);
}

static void stablehlo_is_named(void) {
    const char *jax = "found StableHLO (MLIR) text ('module'), not HLO text: starfish reads XLA's HLO text; from JAX, "
                      "write jax.jit(f).lower(*args).compiler_ir('hlo').as_hlo_text() to a file and compile that";
    expect_message("module @jit_f attributes {mhlo.num_partitions = 1 : i32} {\n"
                   "  func.func public @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
                   "    %0 = stablehlo.exponential %arg0 : tensor<4xf32>\n    return %0 : tensor<4xf32>\n  }\n}\n",
                   1, 1, jax);
    pg_diag d = {0};
    parse_error("func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n  return %arg0 : tensor<4xf32>\n}\n", &d);
    CHECK(d.line == 1 && d.col == 1 && strstr(d.msg, "found StableHLO (MLIR) text ('func.func')") &&
          strstr(d.msg, ".compiler_ir('hlo').as_hlo_text()"));
}

static void while_is_named(void) {
    /* the condition comes first and takes a tuple: the while is what is not supported */
    expect_message("HloModule w\ncond {\n  cp = (s32[]) parameter(0)\n  ci = s32[] get-tuple-element(cp), index=0\n"
                   "  lim = s32[] constant(10)\n  ROOT lt = pred[] compare(ci, lim), direction=LT\n}\n"
                   "body {\n  bp = (s32[]) parameter(0)\n  ROOT t = (s32[]) tuple(bp)\n}\n"
                   "ENTRY main {\n  z = s32[] constant(0)\n  init = (s32[]) tuple(z)\n"
                   "  w = (s32[]) while(init), condition=cond, body=body\n  ROOT r = s32[] get-tuple-element(w), index=0\n}\n",
                   15, 15, "unsupported op 'while' " DOC);
}

static void long_messages_are_whole(void) {
    /* an empty computation of a 3000-byte name: the message keeps every word, the name shortened */
    size_t n = 3000;
    char *text = malloc(n + 64);
    if (!text) { CHECK(0); return; }
    memcpy(text, "HloModule m\n", 12);
    memset(text + 12, 'x', n);
    strcpy(text + 12 + n, " {\n}\n");
    pg_diag d = {0};
    parse_error(text, &d);
    size_t len = strlen(d.msg);
    const char *end = "' is empty";
    CHECK(strncmp(d.msg, "computation 'xxx", 16) == 0);
    CHECK(strstr(d.msg, "xxx...xxx") != NULL);
    CHECK(len > strlen(end) && strcmp(d.msg + len - strlen(end), end) == 0);
    free(text);
}

int main(void) {
    unsupported_ops();
    stablehlo_is_named();
    while_is_named();
    long_messages_are_whole();
    return tu_finish("test_diag");
}
