/* watchpoint_insert (internal) - adds dump instructions to a BIR.
 *   watchpoint_insert --bir B --tensor NAME [--tensor NAME...] -o OUT.bir */
#include "common.h"
#include "kprog_io.h"
#include "verify.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *TOOL = "watchpoint_insert";

int main(int argc, char **argv) {
    tool_std_flags(TOOL, "--bir B --tensor NAME [--tensor NAME...] -o OUT.bir", argc, argv);
    const char *bir = NULL, *out = NULL;
    const char **names = calloc((size_t)argc, sizeof *names);
    int nn = 0;
    if (!names) tool_fail(TOOL, EXIT_FAIL, "out of memory");
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--bir")) { bir = tool_need_arg(TOOL, argc, argv, i); i++; }
        else if (!strcmp(argv[i], "-o")) { out = tool_need_arg(TOOL, argc, argv, i); i++; }
        else if (!strcmp(argv[i], "--tensor")) { names[nn++] = tool_need_arg(TOOL, argc, argv, i); i++; }
        else tool_usage_error(TOOL, "unknown argument '%s'", argv[i]);
    }
    if (!bir || !out || !nn) tool_usage_error(TOOL, "expected --bir B --tensor NAME -o OUT.bir");
    size_t len;
    char *text = tool_read_file(TOOL, bir, &len);
    pg_kprog k, r;
    pg_kprog_init(&k);
    pg_diag d = {0};
    if (!pg_kprog_read(text, len, 1, &k, &d)) tool_diag_exit(TOOL, bir, &d, text, len, EXIT_USAGE);
    int *want = calloc((size_t)k.nt + 1, sizeof *want);
    if (!want) tool_fail(TOOL, EXIT_FAIL, "out of memory");
    for (int i = 0; i < nn; i++) {
        int t = pg_kprog_find(&k, names[i]);
        if (t < 0) {
            pg_sbuf known = {0};
            for (int j = 0; j < k.nt; j++) pg_sbuf_printf(&known, "%s%s", j ? ", " : "", k.t[j].name);
            tool_fail(TOOL, EXIT_USAGE, "%s: unknown tensor '%s' (known: %s)", bir, names[i], known.p ? known.p : "");
        }
        want[t] = 1;
    }
    /* rebuild the instruction list: dump right after the defining
     * instruction (inputs/constants: before the first instruction) */
    r = k;
    r.ins = NULL; r.ni = r.capi = 0;
    for (int t = 0; t < k.nt; t++)
        if (want[t] && (k.t[t].role == PG_ROLE_INPUT || k.t[t].role == PG_ROLE_CONST)) {
            pg_kinst dmp = {.op = PG_OP_DUMP, .dst = -1, .src = {t, 0}, .nsrc = 1};
            if (!pg_kprog_add_inst(&r, &dmp)) tool_fail(TOOL, EXIT_FAIL, "out of memory");
        }
    for (int n = 0; n < k.ni; n++) {
        if (!pg_kprog_add_inst(&r, &k.ins[n])) tool_fail(TOOL, EXIT_FAIL, "out of memory");
        int dst = k.ins[n].dst;
        if (dst >= 0 && want[dst]) {
            pg_kinst dmp = {.op = PG_OP_DUMP, .dst = -1, .src = {dst, 0}, .nsrc = 1};
            if (!pg_kprog_add_inst(&r, &dmp)) tool_fail(TOOL, EXIT_FAIL, "out of memory");
        }
    }
    pg_sbuf rep = {0};
    if (pg_verify(&r, out, 1, &rep)) tool_fail(TOOL, EXIT_FAIL, "result does not verify:\n%s", rep.p ? rep.p : "");
    pg_sbuf o = {0};
    pg_sbuf_printf(&o, "# BIR of %s with %d watchpoint%s (watchpoint_insert %s)\n", bir, nn, nn == 1 ? "" : "s", PG_VERSION_STRING);
    pg_kprog_write(&r, 1, &o);
    if (o.oom) tool_fail(TOOL, EXIT_FAIL, "out of memory");
    tool_write_file(TOOL, out, o.p, o.len);
    pg_sbuf_free(&o); pg_sbuf_free(&rep);
    free(r.ins);
    free(want); free(names);
    pg_kprog_free(&k);
    free(text);
    return 0;
}
