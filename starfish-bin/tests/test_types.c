/* test_types - unit tests of the element types and the ops added for
 * issue 17 (convert, compare, select, integer arithmetic, gather, scatter,
 * dot with batch dimensions, dynamic-slice, pad, reduce-precision, ...)
 * against values worked out from XLA's operation semantics document and
 * IEEE-754 (round to nearest even). Each module also goes through the
 * penguin IR text and BIR (write, read, verify, allocate) and runs on the
 * buffer machine, which must give the same bytes as the evaluator. Exit 0
 * when all pass. This file: the evaluator-vs-machine harness and main; the
 * tests are in types_elementwise.c, types_structural.c and types_files.c. */
#include "alloc.h"
#include "exec.h"
#include "kprog_io.h"
#include "types_int.h"
#include "verify.h"
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

/* tt_run: parse, lower, evaluate; output 0 (bytes) into out. The buffer
 * machine must agree byte for byte. 1 on success. */
int tt_run(const char *text, const void *const *in, void *out, size_t bytes) {
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

/* tt_unary: ROOT r = OUT[n] OP(a: IN[n]) with attributes */
int tt_unary(const char *in_t, const char *out_t, const char *op, int n, const void *v, void *out, size_t bytes) {
    char t[512];
    snprintf(t, sizeof t, "ENTRY e {\n  a = %s[%d] parameter(0)\n  ROOT r = %s[%d] %s\n}\n", in_t, n, out_t, n, op);
    const void *in[1] = {v};
    return tt_run(t, in, out, bytes);
}

int main(void) {
    tt_tuple_tests();
    tt_hostile_file_tests();
    tt_convert_tests();
    tt_integer_tests();
    tt_compare_select_tests();
    tt_gather_scatter_tests();
    tt_dot_reduce_tests();
    tt_slice_pad_tests();
    tt_precision_tests();
    return tu_finish("test_types");
}
