/* tensorfile.h - the tensor file format of inputs.bin / outputs.bin and of
 * watchpoint dumps, and the deterministic input generator.
 * Layout (all integers little-endian):
 *   "SFTB"  u32 version (1)  u32 count
 *   count x { u32 name_len, name bytes (no NUL), u32 rank, rank x u64 dim }
 *   then for each tensor in order: numel x f32 (IEEE-754, little-endian) */
#ifndef PG_TENSORFILE_H
#define PG_TENSORFILE_H
#include "ops.h"
#include <stdio.h>

typedef struct { char *name; pg_shape shape; float *data; } pg_tensorval;

/* pg_tf_write: write n tensors to f; returns 1, 0 on an I/O error. */
int pg_tf_write(FILE *f, const pg_tensorval *t, int n);
/* pg_tf_read: read a whole tensor file from f. Returns 1 with *out (n
 * tensors, malloc'ed; free with pg_tf_free), or 0 with a message in err. */
int pg_tf_read(FILE *f, pg_tensorval **out, int *n, char *err, size_t errlen);
/* pg_tf_free: free the names, data and array returned by pg_tf_read. */
void pg_tf_free(pg_tensorval *t, int n);
/* pg_fill_random: fill v[0..n) with values in [-1, 1) from splitmix64
 * seeded with *state (advanced), deterministic on every platform. */
void pg_fill_random(uint64_t *state, float *v, int64_t n);
#endif
