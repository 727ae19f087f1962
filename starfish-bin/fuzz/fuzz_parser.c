/* fuzz_parser.c - libFuzzer target: parse arbitrary bytes as HLO; when it
 * parses, also print it, re-parse the printed text, lower it, partition it
 * and build its signature (all must succeed on valid input). */
#include "kprog.h"
#include "partition.h"
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
    pg_diag d;
    pg_module *m = pg_parse((const char *)data, size, "fuzz.hlo", &d);
    if (!m) return 0;
    pg_sbuf o = {0};
    pg_print_module(m, &o);
    if (!o.oom) {
        pg_module *again = pg_parse(o.p, o.len, "printed.hlo", &d);
        if (!again) abort(); /* the printer must produce parseable HLO */
        pg_module_free(again);
    }
    pg_sbuf_free(&o);
    char **parts = NULL;
    int n = pg_partition(m, &parts);
    for (int i = 0; i < n; i++) {
        pg_module *p = pg_parse(parts[i], strlen(parts[i]), "part.hlo", &d);
        if (!p) abort(); /* every subgraph must be a valid module */
        pg_module_free(p);
    }
    pg_partition_free(parts, n);
    pg_signature(m, &o);
    pg_sbuf_free(&o);
    pg_kprog k;
    pg_kprog_init(&k);
    if (pg_lower(m, &k, &d)) (void)pg_kprog_check(&k, &d);
    pg_kprog_free(&k);
    pg_module_free(m);
    return 0;
}
