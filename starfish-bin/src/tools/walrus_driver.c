/* walrus_driver - penguin IR -> BIR (buffer allocation), and the BIR
 * verifier pass.
 *   walrus_driver IN.penguin -o OUT.bir [--buffer-bytes N]
 *   walrus_driver --pass birverifier IN.bir */
#include "alloc.h"
#include "common.h"
#include "kprog_io.h"
#include "verify.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *TOOL = "walrus_driver";
#define DEFAULT_BUFFER (24LL * 1024 * 1024)

static int verify_pass(const char *in) {
    size_t len;
    char *text = tool_read_file(TOOL, in, &len);
    pg_kprog k;
    pg_kprog_init(&k);
    pg_diag d = {0};
    if (!pg_kprog_read(text, len, 1, &k, &d)) tool_diag_exit(TOOL, in, &d, text, len, EXIT_FAIL);
    pg_sbuf rep = {0};
    int n = pg_verify(&k, in, 1, &rep);
    if (rep.oom) tool_fail(TOOL, EXIT_FAIL, "out of memory");
    if (n) {
        /* each line already has <file>:<line>:<col>: */
        for (char *p = rep.p; p && *p;) {
            char *e = strchr(p, '\n');
            fprintf(stderr, "%s: %.*s\n", TOOL, (int)(e ? e - p : (long)strlen(p)), p);
            p = e ? e + 1 : NULL;
        }
        fprintf(stderr, "%s: %s: %d BIR violation%s\n", TOOL, in, n, n == 1 ? "" : "s");
    } else {
        int nin, nout;
        int64_t peak = 0;
        for (int i = 0; i < k.nt; i++)
            if (k.t[i].offset + k.t[i].bytes > peak) peak = k.t[i].offset + k.t[i].bytes;
        nin = nout = 0;
        for (int i = 0; i < k.nt; i++) { nin += k.t[i].role == PG_ROLE_INPUT; nout += k.t[i].role == PG_ROLE_OUTPUT; }
        printf("BIR OK: %s: %d tensors (%d inputs, %d outputs), %d instructions, %lld of %lld buffer bytes used\n",
               in, k.nt, nin, nout, k.ni, (long long)peak, (long long)k.buffer_bytes);
    }
    pg_sbuf_free(&rep);
    pg_kprog_free(&k);
    free(text);
    return n ? EXIT_FAIL : 0;
}

static int compile(const char *in, const char *out, long long bytes) {
    size_t len;
    char *text = tool_read_file(TOOL, in, &len);
    pg_kprog k;
    pg_kprog_init(&k);
    pg_diag d = {0};
    if (!pg_kprog_read(text, len, 0, &k, &d)) tool_diag_exit(TOOL, in, &d, text, len, EXIT_USAGE);
    pg_sbuf rep = {0};
    if (pg_verify(&k, in, 0, &rep)) {
        const char *p = rep.p ? rep.p : "";
        const char *e = strchr(p, '\n');
        fprintf(stderr, "%s: %.*s\n", TOOL, (int)(e ? e - p : (long)strlen(p)), p);
        exit(EXIT_USAGE);
    }
    pg_sbuf_free(&rep);
    int oom = 0;
    if (!pg_allocate(&k, bytes, &d, &oom)) tool_fail(TOOL, EXIT_FAIL, "%s: %s", in, d.msg);
    /* self-check: the allocator's result must verify */
    if (pg_verify(&k, out, 1, &rep)) tool_fail(TOOL, EXIT_FAIL, "internal error: produced BIR does not verify: %s", rep.p);
    pg_sbuf_free(&rep);
    pg_sbuf o = {0};
    pg_sbuf_printf(&o, "# BIR of %s (walrus_driver %s)\n", in, PG_VERSION_STRING);
    pg_kprog_write(&k, 1, &o);
    if (o.oom) tool_fail(TOOL, EXIT_FAIL, "out of memory");
    tool_write_file(TOOL, out, o.p, o.len);
    pg_sbuf_free(&o);
    pg_kprog_free(&k);
    free(text);
    return 0;
}

int main(int argc, char **argv) {
    tool_std_flags(TOOL, "IN.penguin -o OUT.bir [--buffer-bytes N]\n"
                   "       walrus_driver --pass birverifier IN.bir", argc, argv);
    const char *in = NULL, *out = NULL, *pass = NULL;
    long long bytes = DEFAULT_BUFFER;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-o") == 0) { out = tool_need_arg(TOOL, argc, argv, i); i++; }
        else if (strcmp(argv[i], "--buffer-bytes") == 0) {
            bytes = tool_parse_i64(TOOL, "--buffer-bytes", tool_need_arg(TOOL, argc, argv, i)); i++;
            if (bytes < 64 || bytes > (1LL << 40)) tool_usage_error(TOOL, "--buffer-bytes must be in [64, 2^40]");
        } else if (strcmp(argv[i], "--pass") == 0) { pass = tool_need_arg(TOOL, argc, argv, i); i++; }
        else if (argv[i][0] == '-' && argv[i][1]) tool_usage_error(TOOL, "unknown flag '%s'", argv[i]);
        else if (!in) in = argv[i];
        else tool_usage_error(TOOL, "unexpected argument '%s'", argv[i]);
    }
    if (pass) {
        if (strcmp(pass, "birverifier") != 0) tool_usage_error(TOOL, "unknown pass '%s' (supported: birverifier)", pass);
        if (!in || out) tool_usage_error(TOOL, "expected --pass birverifier IN.bir");
        return verify_pass(in);
    }
    if (!in || !out) tool_usage_error(TOOL, "expected IN.penguin -o OUT.bir");
    return compile(in, out, bytes);
}
