/* tensorfile.h - the tensor file format of inputs.bin / outputs.bin and of
 * watchpoint dumps, and the deterministic input generator.
 * Layout (all integers little-endian):
 *   "SFTB"  u32 version (2)  u32 count
 *   count x { u32 name_len, name bytes (no NUL), u32 element type, u32 rank,
 *             rank x u64 dim }
 *   then for each tensor in order: numel elements of its type, little-endian
 *   (IEEE-754 floats; f16/bf16 as their 16-bit patterns; pred one byte 0/1)
 * Element type codes: 0 f32, 1 pred, 2 s8, 3 s16, 4 s32, 5 s64, 6 u8,
 * 7 u16, 8 u32, 9 u64, 10 f16, 11 bf16, 12 f64, 13 s4, 14 u4, 15 s2, 16 u2
 * (pg_et; s4/u4/s2/u2 one byte per element). Version 1 files
 * (no element type, all f32) are still read. */
#ifndef PG_TENSORFILE_H
#define PG_TENSORFILE_H
#include "ops.h"
#include <stdio.h>

typedef struct { char *name; pg_shape shape; void *data; } pg_tensorval;

/* pg_tf_write: write n tensors to f; returns 1, 0 on an I/O error. */
int pg_tf_write(FILE *f, const pg_tensorval *t, int n);
/* pg_tf_read: read a whole tensor file from f. Returns 1 with *out (n
 * tensors, malloc'ed; free with pg_tf_free), or 0 with a message in err. */
int pg_tf_read(FILE *f, pg_tensorval **out, int *n, char *err, size_t errlen);
/* pg_tf_free: free the names, data and array returned by pg_tf_read. */
void pg_tf_free(pg_tensorval *t, int n);
/* pg_fill_random: fill v[0..n) of type e from splitmix64 seeded with
 * *state (advanced), deterministic on every platform: floats in [-1, 1)
 * (rounded to e), signed integers in [-8, 8), unsigned in [0, 16), pred
 * 0 or 1. */
void pg_fill_random(uint64_t *state, pg_et e, void *v, int64_t n);
#endif
