/* test_lib - unit tests of libpenguin: lexer/parser acceptance and error
 * messages, shape rules, printer round trip, partition, sha256, tar,
 * json, allocator, kernels. Exit 0 when all pass. */
#include "alloc.h"
#include "exec.h"
#include "json.h"
#include "kprog_io.h"
#include "partition.h"
#include "sha256.h"
#include "strmap.h"
#include "tar.h"
#include "verify.h"
#include "testutil.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static void parser_tests(void) {
    pg_diag d = {0};
    const char *ok = "HloModule m, entry_computation_layout={(f32[2]{0})->f32[2]{0}}\n"
                     "ENTRY %e (a: f32[2]) -> f32[2] {\n"
                     "  %a = f32[2]{0} parameter(0), sharding={replicated}, frontend_attributes={x=\"y\"}\n"
                     "  %c = f32[2]{0} constant({1.5, -inf}) /* c */ // comment\n"
                     "  ROOT %r = f32[2]{0} exp(f32[2]{0} %a), backend_config=\"{}\", metadata={op_name=\"x\" source_line=3}\n}\n";
    pg_module *m = tu_parse(ok, &d);
    CHECK(m != NULL);
    if (m) {
        CHECK(m->entry->root->op == PG_OP_EXPONENTIAL);
        pg_sbuf o = {0};
        pg_print_module(m, &o);
        pg_module *again = tu_parse(o.p, &d);
        CHECK(again != NULL);
        pg_module_free(again);
        pg_sbuf_free(&o);
        pg_module_free(m);
    }
    tu_expect_err("HloModule m\nENTRY e {\n  a = c64[2] parameter(0)\n}\n", 3, 7, "unsupported element type 'c64' (supported: pred,");
    tu_expect_err("HloModule m\nENTRY e {\n  a = f32[2] parameter(0)\n  ROOT g = f32[2] sort(a), dimensions={0}\n}\n", 4, 19, "unsupported op 'sort' (the supported ops are listed in docs/toolchain-contract.md");
    tu_expect_err("HloModule m\nENTRY e {\n  a = f32[2] parameter(0)\n  ROOT g = f32[3] negate(a)\n}\n", 4, 19, "shape mismatch");
    tu_expect_err("HloModule m\nENTRY e {\n  ROOT g = f32[3] negate(zz)\n}\n", 3, 26, "unknown operand 'zz'");
    tu_expect_err("HloModule m\nENTRY e {\n  a = f32[2] parameter(0\n}\n", 4, 1, "expected ')'");
    tu_expect_err("HloModule m\nENTRY e {\n  a = f32[2] parameter(0)\n", 2, 7, "not closed");
    tu_expect_err("HloModule m\n/* open", 2, 1, "unterminated");
    tu_expect_err("", 1, 1, "HloModule");
}

static void misc_tests(void) {
    char hex[65];
    pg_sha256_hex("abc", 3, hex);
    CHECK(!strcmp(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    pg_sha256_hex("", 0, hex);
    CHECK(!strcmp(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
    pg_arena a;
    pg_arena_init(&a);
    pg_diag d = {0};
    const char *js = "{\"subgraphs\":[{\"name\":\"sg00\",\"n\":1.5e1,\"t\":true}]}";
    pg_json *j = pg_json_parse(&a, js, strlen(js), &d);
    CHECK(j && pg_json_get(j, "subgraphs") && pg_json_get(j, "subgraphs")->n == 1);
    CHECK(pg_json_parse(&a, "{\"a\":}", 6, &d) == NULL);
    pg_arena_free(&a);
    FILE *f = tmpfile();
    CHECK(f != NULL);
    if (f) {
        CHECK(pg_tar_add(f, "a/b.txt", "hello", 5) == 1);
        CHECK(pg_tar_finish(f) == 1);
        CHECK(ftell(f) == 512 + 512 + 1024);
        fclose(f);
    }
}

static void pipeline_test(void) {
    const char *t = "HloModule m\nadd { x = f32[] parameter(0)\n y = f32[] parameter(1)\n ROOT s = f32[] add(x, y) }\n"
                    "ENTRY e {\n a = f32[2,3] parameter(0)\n b = f32[3,2] parameter(1)\n"
                    " d = f32[2,2] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}\n"
                    " z = f32[] constant(0)\n r = f32[2] reduce(d, z), dimensions={1}, to_apply=add\n"
                    " ROOT t = (f32[2,2], f32[2]) tuple(d, r)\n}\n";
    pg_diag d = {0};
    pg_module *m = tu_parse(t, &d);
    CHECK(m != NULL);
    if (!m) { fprintf(stderr, "test_lib: %d:%d: %s\n", d.line, d.col, d.msg); return; }
    char **parts = NULL;
    int n = pg_partition(m, &parts);
    CHECK(n == 2);
    for (int i = 0; i < n; i++) { pg_module *p = tu_parse(parts[i], &d); CHECK(p != NULL); pg_module_free(p); }
    pg_partition_free(parts, n);
    pg_kprog k;
    pg_kprog_init(&k);
    CHECK(pg_lower(m, &k, &d));
    float A[6] = {1, 2, 3, 4, 5, 6}, B[6] = {1, 0, 0, 1, 1, 1};
    const void *in[2] = {A, B};
    void *out[2] = {NULL, NULL};
    CHECK(pg_eval(&k, in, out, &d));
    const float *o0 = out[0], *o1 = out[1];
    CHECK(o0 && o0[0] == 4 && o0[1] == 5 && o0[2] == 10 && o0[3] == 11);
    CHECK(o1 && o1[0] == 9 && o1[1] == 21);
    free(out[0]); free(out[1]);
    int oom;
    CHECK(!pg_allocate(&k, 64, &d, &oom) && strstr(d.msg, "needs") && !oom);
    CHECK(pg_allocate(&k, 4096, &d, &oom));
    pg_sbuf rep = {0};
    CHECK(pg_verify(&k, "x.bir", 1, &rep) == 0);
    k.t[2].offset = k.t[0].offset; /* force an overlap of live tensors */
    CHECK(pg_verify(&k, "x.bir", 1, &rep) > 0);
    pg_sbuf_free(&rep);
    pg_kprog_free(&k);
    pg_module_free(m);
}

/* strmap: many keys (the table grows), duplicates, misses, equal prefixes */
static void strmap_tests(void) {
    enum { N = 50000 };
    static char keys[N][16];
    pg_strmap m;
    CHECK(pg_strmap_init(&m, 4));
    for (int i = 0; i < N; i++) {
        snprintf(keys[i], sizeof keys[i], "k%d", i);
        CHECK(pg_strmap_put(&m, keys[i], strlen(keys[i]), i, NULL) == 1);
    }
    int old = -1;
    CHECK(pg_strmap_put(&m, "k17", 3, 99, &old) == 0 && old == 17);
    CHECK(pg_strmap_get(&m, "k17", 3) == 17);
    CHECK(pg_strmap_get(&m, "k49999", 6) == 49999);
    CHECK(pg_strmap_get(&m, "k1", 1) == -1 && pg_strmap_get(&m, "k1", 2) == 1);
    CHECK(pg_strmap_get(&m, "nope", 4) == -1);
    CHECK(m.n == N && m.cap >= 2 * (size_t)N);
    pg_strmap_free(&m);
    CHECK(pg_strmap_get(&m, "k1", 2) == -1 && pg_strmap_put(&m, "k1", 2, 1, NULL) == -1);
    /* duplicate names are found through the maps */
    tu_expect_err("HloModule m\nENTRY e {\n a = f32[2] parameter(0)\n a = f32[2] negate(a)\n}\n", 4, 2,
               "duplicate instruction name 'a'");
    tu_expect_err("HloModule m\nc {\n ROOT a = f32[2] parameter(0)\n}\nc {\n ROOT a = f32[2] parameter(0)\n}\n"
               "ENTRY e {\n ROOT a = f32[2] parameter(0)\n}\n", 5, 1, "duplicate computation name 'c'");
}

int main(void) {
    strmap_tests();
    parser_tests();
    misc_tests();
    pipeline_test();
    return tu_finish("test_lib");
}
