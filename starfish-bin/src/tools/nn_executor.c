/* nn_executor (internal) - runs a BIR on the simulated "sunda" machine
 * (one flat byte buffer) and compares the outputs with goldens.
 *   nn_executor --bir B --tensor_map T --sunda --inputs I --goldens G
 *               --json R [--iterations N] [--dump-dir D] */
#define _POSIX_C_SOURCE 200809L
#include "common.h"
#include "et.h"
#include "exec.h"
#include "json.h"
#include "kprog_io.h"
#include "tensorfile.h"
#include "verify.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *TOOL = "nn_executor";

static int dump_tensor(void *ctx, const pg_ktensor *t, const void *data) {
    const char *dir = ctx;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.bin", dir, t->name);
    FILE *f = fopen(path, "wb");
    if (!f) { fprintf(stderr, "%s: cannot write %s: %s\n", TOOL, path, strerror(errno)); return 0; }
    pg_tensorval v = {(char *)t->name, t->shape, (void *)data};
    int ok = pg_tf_write(f, &v, 1);
    if (fclose(f) != 0 || !ok) { fprintf(stderr, "%s: cannot write %s\n", TOOL, path); return 0; }
    return 1;
}

static pg_tensorval *load_tf(const char *path, int *n) {
    FILE *f = fopen(path, "rb");
    if (!f) tool_fail(TOOL, EXIT_USAGE, "cannot read %s: %s", path, strerror(errno));
    pg_tensorval *t;
    char err[256];
    int ok = pg_tf_read(f, &t, n, err, sizeof err);
    fclose(f);
    if (!ok) tool_fail(TOOL, EXIT_USAGE, "%s: %s", path, err);
    return t;
}

static void check_tensor_map(const char *path) {
    size_t len;
    char *text = tool_read_file(TOOL, path, &len);
    pg_arena a;
    pg_arena_init(&a);
    pg_diag d = {0};
    if (!pg_json_parse(&a, text, len, &d)) tool_diag_exit(TOOL, path, &d, text, len, EXIT_USAGE);
    pg_arena_free(&a);
    free(text);
}

int main(int argc, char **argv) {
    tool_std_flags(TOOL, "--bir B --tensor_map T --sunda --inputs I --goldens G --json R [--iterations N] [--dump-dir D]", argc, argv);
    const char *bir = NULL, *tmap = NULL, *inputs = NULL, *goldens = NULL, *json = NULL, *dump = NULL;
    long long iters = 1;
    int sunda = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--sunda") == 0) { sunda = 1; continue; }
        const char **dst = !strcmp(a, "--bir") ? &bir : !strcmp(a, "--tensor_map") ? &tmap : !strcmp(a, "--inputs") ? &inputs
                         : !strcmp(a, "--goldens") ? &goldens : !strcmp(a, "--json") ? &json : !strcmp(a, "--dump-dir") ? &dump : NULL;
        if (dst) { *dst = tool_need_arg(TOOL, argc, argv, i); i++; }
        else if (!strcmp(a, "--iterations")) { iters = tool_parse_i64(TOOL, a, tool_need_arg(TOOL, argc, argv, i)); i++; }
        else tool_usage_error(TOOL, "unknown argument '%s'", a);
    }
    if (!bir || !tmap || !inputs || !goldens || !json || !sunda)
        tool_usage_error(TOOL, "expected --bir B --tensor_map T --sunda --inputs I --goldens G --json R");
    if (iters < 1) tool_usage_error(TOOL, "--iterations must be at least 1");
    check_tensor_map(tmap);
    if (dump && mkdir(dump, 0755) != 0 && errno != EEXIST) tool_fail(TOOL, EXIT_USAGE, "cannot create %s: %s", dump, strerror(errno));
    size_t len;
    char *text = tool_read_file(TOOL, bir, &len);
    pg_kprog k;
    pg_kprog_init(&k);
    pg_diag d = {0};
    if (!pg_kprog_read(text, len, 1, &k, &d)) tool_diag_exit(TOOL, bir, &d, text, len, EXIT_USAGE);
    pg_sbuf rep = {0};
    if (pg_verify(&k, bir, 1, &rep)) tool_fail(TOOL, EXIT_USAGE, "%s does not verify:\n%s", bir, rep.p ? rep.p : "");
    int nin, nout, ni, ng;
    pg_count_io(&k, &nin, &nout);
    pg_tensorval *in = load_tf(inputs, &ni), *gold = load_tf(goldens, &ng);
    if (ni != nin) tool_fail(TOOL, EXIT_USAGE, "%s has %d tensors, the BIR has %d inputs", inputs, ni, nin);
    if (ng != nout) tool_fail(TOOL, EXIT_USAGE, "%s has %d tensors, the BIR has %d outputs", goldens, ng, nout);
    if (k.buffer_bytes > PG_MAX_TENSOR_BYTES)
        tool_fail(TOOL, EXIT_USAGE, "%s: buffer_bytes %lld is more than the %lld-byte limit of the simulator", bir,
                  (long long)k.buffer_bytes, (long long)PG_MAX_TENSOR_BYTES);
    unsigned char *buf = calloc(1, (size_t)k.buffer_bytes);
    if (!buf) tool_fail(TOOL, EXIT_FAIL, "out of memory for a %lld-byte buffer", (long long)k.buffer_bytes);
    for (int i = 0; i < k.nt; i++) {
        pg_ktensor *t = &k.t[i];
        pg_tensorval *v = t->role == PG_ROLE_INPUT ? &in[t->index] : t->role == PG_ROLE_OUTPUT ? &gold[t->index] : NULL;
        if (v && !pg_shape_eq(&v->shape, &t->shape)) {
            char a[160], b[160];
            tool_fail(TOOL, EXIT_USAGE, "tensor '%s' is %s in the BIR but '%s' is %s in %s", t->name,
                      pg_shape_str(&t->shape, a, sizeof a), v->name, pg_shape_str(&v->shape, b, sizeof b),
                      t->role == PG_ROLE_INPUT ? inputs : goldens);
        }
    }
    for (long long it = 0; it < iters; it++) {
        for (int i = 0; i < k.nt; i++)
            if (k.t[i].role == PG_ROLE_INPUT)
                memcpy(buf + k.t[i].offset, in[k.t[i].index].data, (size_t)k.t[i].bytes);
        if (!pg_exec_buffer(&k, buf, dump ? dump_tensor : NULL, (void *)dump)) tool_fail(TOOL, EXIT_FAIL, "dump failed");
    }
    pg_sbuf o = {0};
    int bad_total = 0;
    pg_sbuf_printf(&o, "{\"bir\":");
    pg_sbuf_json_str(&o, bir);
    pg_sbuf_printf(&o, ",\"target\":\"sunda\",\"iterations\":%lld,\"tolerance\":1e-05,\"outputs\":[", iters);
    for (int i = 0, first = 1; i < k.nt; i++) {
        pg_ktensor *t = &k.t[i];
        if (t->role != PG_ROLE_OUTPUT) continue;
        const void *got = buf + t->offset, *want = gold[t->index].data;
        int64_t n = pg_shape_numel(&t->shape), bad = 0;
        double maxrel = 0;
        pg_et e = t->shape.et;
        for (int64_t j = 0; j < n; j++) {
            double rel;
            if (pg_et_is_float(e)) { /* relative error, NaN matches NaN */
                double g = pg_ld_f(e, got, j), w = pg_ld_f(e, want, j), den = fabs(w) > 1.0 ? fabs(w) : 1.0;
                rel = ((isnan(g) && isnan(w)) || g == w) ? 0 : fabs(g - w) / den; /* g == w: equal infinities */
                if (isnan(rel)) rel = INFINITY;
            } else { /* integers and pred: exact */
                rel = pg_ld_i(e, got, j) == pg_ld_i(e, want, j) ? 0 : INFINITY;
            }
            if (rel > maxrel) maxrel = rel;
            if (rel > 1e-5) bad++;
        }
        bad_total += bad > 0;
        pg_sbuf_printf(&o, "%s{\"name\":", first ? "" : ",");
        pg_sbuf_json_str(&o, t->name);
        pg_sbuf_printf(&o, ",\"elements\":%lld,\"mismatches\":%lld,\"max_rel_error\":%.3g}", (long long)n, (long long)bad,
                       isinf(maxrel) ? 1e308 : maxrel);
        first = 0;
    }
    pg_sbuf_printf(&o, "],\"status\":\"%s\"}\n", bad_total ? "mismatch" : "pass");
    if (o.oom) tool_fail(TOOL, EXIT_FAIL, "out of memory");
    tool_write_file(TOOL, json, o.p, o.len);
    if (bad_total) fprintf(stderr, "%s: %d output%s differ from %s (see %s)\n", TOOL, bad_total, bad_total == 1 ? "" : "s", goldens, json);
    else printf("%s: %d outputs match %s within 1e-5 (%lld iteration%s)\n", bir, nout, goldens, iters, iters == 1 ? "" : "s");
    pg_sbuf_free(&o); pg_sbuf_free(&rep);
    free(buf);
    pg_tf_free(in, ni); pg_tf_free(gold, ng);
    pg_kprog_free(&k);
    free(text);
    return bad_total ? EXIT_FAIL : 0;
}
