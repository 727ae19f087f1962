/* target.c - see target.h */
#include "target.h"
#include "alloc.h"
#include "exec.h"
#include "kprog_io.h"
#include "partition.h"
#include "snippet.h"
#include "verify.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MUST(c) do { if (!(c)) { fprintf(stderr, "fuzz: %s:%d: must hold: %s\n", __FILE__, __LINE__, #c); abort(); } } while (0)

static void reparse(const char *text, size_t len, const char *file) {
    pg_diag d;
    pg_module *m = pg_parse(text, len, file, &d);
    if (!m) fprintf(stderr, "fuzz: %s does not parse: %d:%d: %s\n%s\n", file, d.line, d.col, d.msg, text);
    MUST(m != NULL);
    pg_module_free(m);
}

/* run: the evaluator and the buffer machine on zero inputs */
static void run(pg_kprog *k) {
    pg_diag d;
    int nin, nout;
    pg_count_io(k, &nin, &nout);
    int64_t total = k->buffer_bytes;
    for (int i = 0; i < k->nt; i++) total += pg_tensor_bytes(&k->t[i].shape);
    if (total > (1 << 22)) return;
    const void **in = calloc((size_t)nin + 1, sizeof *in);
    void **out = calloc((size_t)nout + 1, sizeof *out);
    unsigned char *buf = calloc(1, (size_t)k->buffer_bytes);
    MUST(in && out && buf);
    for (int i = 0; i < k->nt; i++)
        if (k->t[i].role == PG_ROLE_INPUT) in[k->t[i].index] = buf + k->t[i].offset;
    MUST(pg_eval(k, in, out, &d));
    MUST(pg_exec_buffer(k, buf, NULL, NULL));
    /* the evaluator and the buffer machine run the same kernels: same bytes */
    for (int i = 0; i < k->nt; i++)
        if (k->t[i].role == PG_ROLE_OUTPUT && k->t[i].bytes)
            MUST(memcmp(out[k->t[i].index], buf + k->t[i].offset, (size_t)k->t[i].bytes) == 0);
    for (int o = 0; o < nout; o++) free(out[o]);
    free(in); free(out); free(buf);
}

/* lowered: penguin write/read/verify, allocate, BIR write/read/verify */
static void lowered(pg_kprog *k) {
    pg_diag d;
    pg_sbuf t = {0}, rep = {0};
    MUST(pg_kprog_check(k, &d));
    pg_kprog_write(k, 0, &t);
    pg_kprog back;
    pg_kprog_init(&back);
    MUST(!t.oom && pg_kprog_read(t.p, t.len, 0, &back, &d));
    MUST(pg_verify(&back, "fuzz.penguin", 0, &rep) == 0);
    int oom = 0;
    if (pg_allocate(&back, 1 << 20, &d, &oom)) {
        MUST(pg_verify(&back, "fuzz.bir", 1, &rep) == 0);
        pg_sbuf b = {0};
        pg_kprog_write(&back, 1, &b);
        pg_kprog bir;
        pg_kprog_init(&bir);
        MUST(!b.oom && pg_kprog_read(b.p, b.len, 1, &bir, &d));
        MUST(pg_verify(&bir, "fuzz.bir", 1, &rep) == 0);
        run(&bir);
        pg_kprog_free(&bir);
        pg_sbuf_free(&b);
    }
    pg_kprog_free(&back);
    pg_sbuf_free(&t);
    pg_sbuf_free(&rep);
}

/* rejected: the snippet under the diagnostic (what the tools print after it) is nothing, or two lines
 * of text: no control byte but their line ends, a source line of at most PG_SNIPPET_WIDTH characters
 * (each at most a 4-byte sequence) and a caret line with one caret */
static void rejected(const char *text, size_t len, const pg_diag *d) {
    pg_sbuf s = {0};
    int shown = pg_snippet(text, len, d, &s);
    MUST(!s.oom && d->len >= 0);
    size_t lines = 0, first = 0, carets = 0;
    for (size_t i = 0; i < s.len; i++) {
        unsigned char c = (unsigned char)s.p[i];
        if (c == '\n' && lines++ == 0) first = i;
        MUST(c == '\n' || (c >= 0x20 && c != 0x7f));
        carets += lines == 1 && c == '^';
    }
    MUST(shown ? lines == 2 && s.p[s.len - 1] == '\n' && carets == 1 && first <= 16 + 4 * PG_SNIPPET_WIDTH : s.len == 0);
    pg_sbuf_free(&s);
}

int pg_fuzz_one(const unsigned char *data, size_t size) {
    pg_diag d;
    pg_module *m = pg_parse((const char *)data, size, "fuzz.hlo", &d);
    if (!m) {
        rejected((const char *)data, size, &d);
        return 0;
    }
    pg_sbuf o = {0};
    pg_print_module(m, &o);
    if (!o.oom) reparse(o.p, o.len, "printed.hlo");
    pg_sbuf_free(&o);
    char **parts = NULL;
    int n = pg_partition(m, &parts);
    for (int i = 0; i < n; i++) reparse(parts[i], strlen(parts[i]), "part.hlo");
    pg_partition_free(parts, n);
    pg_signature(m, &o);
    pg_sbuf_free(&o);
    pg_kprog k;
    pg_kprog_init(&k);
    if (pg_lower(m, &k, &d)) lowered(&k);
    pg_kprog_free(&k);
    pg_module_free(m);
    return 1;
}
