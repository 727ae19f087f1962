/* tensor_indirect_test - unit test of the indirect-addressing helpers
 * (tindex.h). Installed as starfish/bin/private/tensor_indirect_test; run
 * by `make check`; no job invokes it. Exit 0 when all checks pass. */
#include "tindex.h"
#include <stdio.h>
#include <string.h>

static int fails;
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "tensor_indirect_test: %s:%d: check failed: %s\n", __FILE__, __LINE__, #c); fails++; } } while (0)

static pg_shape sh(int r, int64_t a, int64_t b, int64_t c) { pg_shape s = {r, {a, b, c}, PG_ET_F32}; return s; }

int main(int argc, char **argv) {
    if (argc > 1 && !strcmp(argv[1], "--version")) { printf("tensor_indirect_test (starfish penguin) 0.1.0\n"); return 0; }
    int64_t st[PG_MAX_RANK];
    pg_shape s = sh(3, 2, 3, 4);
    pg_strides(&s, st);
    CHECK(st[0] == 12 && st[1] == 4 && st[2] == 1);
    int64_t idx[3] = {1, 2, 3};
    CHECK(pg_offset_of(idx, st, 3) == 23);
    /* cursor visits row-major offsets 0..23 with row-major strides */
    pg_cursor c;
    pg_cursor_init(&c, &s, st);
    int64_t n = 0, ok = 1;
    do { ok &= c.off == n; n++; } while (pg_cursor_next(&c));
    CHECK(ok && n == 24);
    /* transpose [2,3] -> [3,2]: out (i,j) reads in (j,i) */
    pg_shape in = sh(2, 2, 3, 0);
    int64_t perm[2] = {1, 0};
    pg_transpose_strides(&in, perm, st);
    CHECK(st[0] == 1 && st[1] == 3);
    pg_shape out = sh(2, 3, 2, 0);
    pg_cursor_init(&c, &out, st);
    int64_t expect_t[6] = {0, 3, 1, 4, 2, 5};
    for (int i = 0; i < 6; i++) { CHECK(c.off == expect_t[i]); pg_cursor_next(&c); }
    /* broadcast [3] into [2,3] along dim 1: offsets 0,1,2,0,1,2 */
    pg_shape b = sh(1, 3, 0, 0);
    int64_t dims[1] = {1};
    pg_shape o23 = {2, {2, 3}, PG_ET_F32};
    pg_broadcast_strides(&o23, &b, dims, st);
    CHECK(st[0] == 0 && st[1] == 1);
    pg_cursor_init(&c, &o23, st);
    for (int i = 0; i < 6; i++) { CHECK(c.off == i % 3); pg_cursor_next(&c); }
    /* reduce [2,3,4] over dims {1}: output [2,4], strides 4,0,1 */
    int64_t rd[1] = {1};
    pg_reduce_strides(&s, rd, 1, st);
    CHECK(st[0] == 4 && st[1] == 0 && st[2] == 1);
    /* reduce over everything: scalar, all strides 0 */
    int64_t all[3] = {0, 1, 2};
    pg_reduce_strides(&s, all, 3, st);
    CHECK(st[0] == 0 && st[1] == 0 && st[2] == 0);
    /* scalar walk: exactly one element */
    pg_shape sc = {0, {0}, PG_ET_F32};
    pg_cursor_init(&c, &sc, st);
    CHECK(c.off == 0 && !pg_cursor_next(&c));
    /* empty dimension: numel 0 */
    pg_shape e = sh(2, 0, 5, 0);
    CHECK(pg_shape_numel(&e) == 0);
    if (fails) { fprintf(stderr, "tensor_indirect_test: %d failure(s)\n", fails); return 1; }
    printf("tensor_indirect_test: all checks passed\n");
    return 0;
}
