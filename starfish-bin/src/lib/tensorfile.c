/* tensorfile.c - see tensorfile.h */
#include "tensorfile.h"
#include "et.h"
#include <stdlib.h>
#include <string.h>

static int put32(FILE *f, uint32_t v) {
    unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16), (unsigned char)(v >> 24)};
    return fwrite(b, 1, 4, f) == 4;
}
static int put64(FILE *f, uint64_t v) { return put32(f, (uint32_t)v) && put32(f, (uint32_t)(v >> 32)); }
static int get32(FILE *f, uint32_t *v) {
    unsigned char b[4];
    if (fread(b, 1, 4, f) != 4) return 0;
    *v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    return 1;
}
static int get64(FILE *f, uint64_t *v) {
    uint32_t lo, hi;
    if (!get32(f, &lo) || !get32(f, &hi)) return 0;
    *v = (uint64_t)hi << 32 | lo;
    return 1;
}

int pg_tf_write(FILE *f, const pg_tensorval *t, int n) {
    if (fwrite("SFTB", 1, 4, f) != 4 || !put32(f, 2) || !put32(f, (uint32_t)n)) return 0;
    for (int i = 0; i < n; i++) {
        size_t len = strlen(t[i].name);
        if (!put32(f, (uint32_t)len) || fwrite(t[i].name, 1, len, f) != len || !put32(f, (uint32_t)t[i].shape.et) ||
            !put32(f, (uint32_t)t[i].shape.rank))
            return 0;
        for (int d = 0; d < t[i].shape.rank; d++) if (!put64(f, (uint64_t)t[i].shape.dims[d])) return 0;
    }
    for (int i = 0; i < n; i++) {
        int64_t m = pg_shape_numel(&t[i].shape);
        int size = pg_et_size(t[i].shape.et);
        for (int64_t j = 0; j < m; j++) {
            uint64_t u = 0;
            memcpy(&u, (const unsigned char *)t[i].data + j * size, (size_t)size); /* little-endian host */
            if ((size == 8 && !put64(f, u)) || (size == 4 && !put32(f, (uint32_t)u))) return 0;
            unsigned char b[2] = {(unsigned char)u, (unsigned char)(u >> 8)};
            if (size < 4 && fwrite(b, 1, (size_t)size, f) != (size_t)size) return 0;
        }
    }
    return 1;
}

void pg_tf_free(pg_tensorval *t, int n) {
    if (!t) return;
    for (int i = 0; i < n; i++) { free(t[i].name); free(t[i].data); }
    free(t);
}

#define BAD(...) do { snprintf(err, errlen, __VA_ARGS__); pg_tf_free(t, count); return 0; } while (0)

int pg_tf_read(FILE *f, pg_tensorval **out, int *n, char *err, size_t errlen) {
    char magic[4];
    uint32_t ver, cnt;
    pg_tensorval *t = NULL;
    int count = 0;
    if (fread(magic, 1, 4, f) != 4 || memcmp(magic, "SFTB", 4) != 0) BAD("not a tensor file (bad magic)");
    if (!get32(f, &ver) || (ver != 1 && ver != 2) || !get32(f, &cnt) || cnt > 100000) BAD("unsupported tensor file header");
    t = calloc(cnt ? cnt : 1, sizeof *t);
    if (!t) BAD("out of memory");
    for (uint32_t i = 0; i < cnt; i++) {
        uint32_t len, rank;
        if (!get32(f, &len) || len > 4096) BAD("truncated tensor header");
        t[i].name = malloc(len + 1);
        count = (int)i + 1;
        if (!t[i].name) BAD("out of memory");
        uint32_t et = 0;
        if (fread(t[i].name, 1, len, f) != len || (ver == 2 && !get32(f, &et)) || !get32(f, &rank) || rank > PG_MAX_RANK)
            BAD("truncated tensor header");
        t[i].name[len] = 0;
        if (et >= PG_ET_COUNT) BAD("tensor '%s' has the unknown element type code %u", t[i].name, et);
        t[i].shape.et = (pg_et)et;
        t[i].shape.rank = (int)rank;
        for (uint32_t d = 0; d < rank; d++) {
            uint64_t v;
            if (!get64(f, &v) || v > ((uint64_t)1 << 40)) BAD("bad dimension in tensor header");
            t[i].shape.dims[d] = (int64_t)v;
        }
        if (!pg_shape_valid(&t[i].shape) || pg_shape_numel(&t[i].shape) * pg_et_size(t[i].shape.et) > PG_MAX_TENSOR_BYTES)
            BAD("tensor '%s' needs more than the %lld-byte limit per tensor", t[i].name, (long long)PG_MAX_TENSOR_BYTES);
    }
    for (uint32_t i = 0; i < cnt; i++) {
        int64_t m = pg_shape_numel(&t[i].shape);
        size_t bytes = (size_t)(m * pg_et_size(t[i].shape.et));
        t[i].data = malloc(bytes + 8);
        if (!t[i].data) BAD("out of memory");
        if (fread(t[i].data, 1, bytes, f) != bytes) BAD("truncated tensor data for '%s'", t[i].name); /* little-endian host */
    }
    *out = t; *n = (int)cnt;
    return 1;
}

void pg_fill_random(uint64_t *state, pg_et e, void *v, int64_t n) {
    for (int64_t i = 0; i < n; i++) {
        uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        if (pg_et_is_float(e)) pg_st_f(e, v, i, (float)((double)(z >> 40) / (double)(1 << 24) * 2.0 - 1.0));
        else if (e == PG_ET_PRED) pg_st_i(e, v, i, z >> 63);
        else if (pg_et_is_signed(e)) pg_st_i(e, v, i, (uint64_t)((int64_t)(z >> 60) - 8));
        else pg_st_i(e, v, i, z >> 60);
    }
}
