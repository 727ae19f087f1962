/* types_files.c - test_types: corrupt tensor files and kernel programs are refused with one message */
#include "kprog_io.h"
#include "tensorfile.h"
#include "types_int.h"
#include "verify.h"
#include <stdio.h>
#include <string.h>

/* corrupt tensor files and kernel programs are refused with one message */
void tt_hostile_file_tests(void) {
    /* "SFTB", version 2, one tensor "x" of element type 99 */
    const unsigned char bad_type[] = {'S', 'F', 'T', 'B', 2, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 'x', 99, 0, 0, 0, 0, 0, 0, 0};
    /* the same with type 4 (s32) and rank 1 of 4 elements, but only 8 data bytes */
    const unsigned char short_data[] = {'S', 'F', 'T', 'B', 2, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 'x', 4, 0, 0, 0, 1, 0, 0, 0,
                                        4, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0};
    const struct { const unsigned char *b; size_t n; const char *msg; } cases[2] = {
        {bad_type, sizeof bad_type, "tensor 'x' has the unknown element type code 99"},
        {short_data, sizeof short_data, "truncated tensor data for 'x'"}};
    for (int i = 0; i < 2; i++) {
        FILE *f = tmpfile();
        CHECK(f != NULL);
        if (!f) continue;
        fwrite(cases[i].b, 1, cases[i].n, f);
        rewind(f);
        pg_tensorval *t = NULL;
        int n = 0;
        char err[200] = "";
        CHECK(!pg_tf_read(f, &t, &n, err, sizeof err) && strstr(err, cases[i].msg));
        fclose(f);
    }
    /* a reduce without its combiner, a compare with an unknown direction */
    const char *bir = "bir 1\nmodule m\nbuffer_bytes 4096\ntensor a f32[4] input 0 offset=0 bytes=16\n"
                      "tensor z f32[] input 1 offset=64 bytes=4\ntensor r f32[] output 0 offset=128 bytes=4\n"
                      "inst reduce r a z attr=0\nend\n";
    pg_kprog k;
    pg_kprog_init(&k);
    pg_diag d = {0};
    pg_sbuf rep = {0};
    CHECK(pg_kprog_read(bir, strlen(bir), 1, &k, &d) && pg_verify(&k, "m.bir", 1, &rep) == 1 && rep.p &&
          strstr(rep.p, "m.bir:7:1: reduce 'r': fn is missing or not valid for f32"));
    pg_sbuf_free(&rep);
    pg_kprog_free(&k);
    /* the reader parses shapes with the HLO shape parser: same messages, positions in the line */
    const char *pir_type = "penguin 1\nmodule m\ntensor a c64[4] input 0\nend\n";
    pg_kprog_init(&k);
    CHECK(!pg_kprog_read(pir_type, strlen(pir_type), 0, &k, &d) && d.line == 3 && d.col == 10 &&
          strstr(d.msg, "unsupported element type 'c64' (supported: pred,"));
    pg_kprog_free(&k);
    const char *bad_dim = "penguin 1\nmodule m\ntensor a f32[4,x] input 0\nend\n";
    pg_kprog_init(&k);
    CHECK(!pg_kprog_read(bad_dim, strlen(bad_dim), 0, &k, &d) && d.line == 3 && d.col == 16 &&
          strstr(d.msg, "unsupported dimension 'x' (only static sizes)"));
    pg_kprog_free(&k);
    const char *bad_fn = "bir 1\nmodule m\nbuffer_bytes 4096\ntensor a f32[4] input 0 offset=0 bytes=16\n"
                         "tensor r pred[4] output 0 offset=64 bytes=4\ninst compare r a a fn=XX\nend\n";
    pg_kprog_init(&k);
    CHECK(!pg_kprog_read(bad_fn, strlen(bad_fn), 1, &k, &d) && d.line == 6 && strstr(d.msg, "unknown fn"));
    pg_kprog_free(&k);
}
