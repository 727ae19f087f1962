/* xla_infergoldens - reference evaluation of an HLO module on seeded
 * inputs.  argv: IN.hlo --seed S --out-dir DIR
 * Writes DIR/inputs.bin (ENTRY parameters in order) and DIR/outputs.bin
 * (the root, or each ROOT tuple element); format in tensorfile.h. */
#define _POSIX_C_SOURCE 200809L
#include "common.h"
#include "exec.h"
#include "tensorfile.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *TOOL = "xla_infergoldens";

static void write_tf(const char *dir, const char *base, const pg_tensorval *t, int n) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, base);
    tool_out o;
    if (!pg_tf_write(tool_out_open(&o, TOOL, path, 0644), t, n)) {
        tool_out_discard(&o);
        tool_fail(TOOL, EXIT_USAGE, "cannot write %s", path);
    }
    tool_out_close(&o);
}

int main(int argc, char **argv) {
    tool_std_flags(TOOL, "IN.hlo --seed S --out-dir DIR", argc, argv);
    const char *in = NULL, *dir = NULL;
    long long seed = 0;
    int have_seed = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--seed") == 0) { seed = tool_parse_i64(TOOL, "--seed", tool_need_arg(TOOL, argc, argv, i)); i++; have_seed = 1; }
        else if (strcmp(argv[i], "--out-dir") == 0) { dir = tool_need_arg(TOOL, argc, argv, i); i++; }
        else if (argv[i][0] == '-' && argv[i][1]) tool_usage_error(TOOL, "unknown flag '%s'", argv[i]);
        else if (!in) in = argv[i];
        else tool_usage_error(TOOL, "unexpected argument '%s'", argv[i]);
    }
    if (!in || !dir || !have_seed) tool_usage_error(TOOL, "expected IN.hlo --seed S --out-dir DIR");
    size_t len;
    char *text = tool_read_file(TOOL, in, &len);
    pg_diag d = {0};
    pg_module *m = pg_parse(text, len, in, &d);
    if (!m) tool_diag_exit(TOOL, in, &d, text, len, EXIT_USAGE);
    pg_kprog k;
    pg_kprog_init(&k);
    if (!pg_lower(m, &k, &d)) tool_fail(TOOL, EXIT_FAIL, "%s", d.msg);
    if (!pg_eval_limits(&k, &d)) tool_fail(TOOL, EXIT_USAGE, "%s: %s", in, d.msg);
    int nin, nout;
    pg_count_io(&k, &nin, &nout);
    pg_tensorval *ti = calloc((size_t)nin + 1, sizeof *ti), *to = calloc((size_t)nout + 1, sizeof *to);
    const void **inputs = calloc((size_t)nin + 1, sizeof *inputs);
    void **outputs = calloc((size_t)nout + 1, sizeof *outputs);
    if (!ti || !to || !inputs || !outputs) tool_fail(TOOL, EXIT_FAIL, "out of memory");
    uint64_t state = (uint64_t)seed;
    for (int i = 0; i < k.nt; i++) {
        pg_ktensor *t = &k.t[i];
        if (t->role == PG_ROLE_INPUT) {
            int64_t n = pg_shape_numel(&t->shape);
            void *v = malloc((size_t)pg_tensor_bytes(&t->shape) + 8);
            if (!v) tool_fail(TOOL, EXIT_FAIL, "out of memory for input '%s'", t->name);
            pg_fill_random(&state, t->shape.et, v, n);
            ti[t->index] = (pg_tensorval){(char *)t->name, t->shape, v};
            inputs[t->index] = v;
        } else if (t->role == PG_ROLE_OUTPUT) {
            to[t->index] = (pg_tensorval){(char *)t->name, t->shape, NULL};
        }
    }
    if (!pg_eval(&k, inputs, outputs, &d)) tool_fail(TOOL, EXIT_FAIL, "%s", d.msg);
    for (int o = 0; o < nout; o++) to[o].data = outputs[o];
    /* the directory only now: invalid input leaves nothing behind */
    if (mkdir(dir, 0755) != 0 && errno != EEXIST) tool_fail(TOOL, EXIT_USAGE, "cannot create %s: %s", dir, strerror(errno));
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) tool_fail(TOOL, EXIT_USAGE, "%s is not a directory", dir);
    write_tf(dir, "inputs.bin", ti, nin);
    write_tf(dir, "outputs.bin", to, nout);
    printf("%s: %d inputs, %d outputs written to %s\n", in, nin, nout, dir);
    for (int i = 0; i < nin; i++) free(ti[i].data);
    for (int o = 0; o < nout; o++) free(outputs[o]);
    free(ti); free(to); free(inputs); free(outputs);
    pg_kprog_free(&k);
    pg_module_free(m);
    free(text);
    return 0;
}
