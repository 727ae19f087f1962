/* tindex.h - indirect addressing helpers: row-major strides, stride maps
 * for broadcast/transpose/reduce, and an odometer cursor that walks a
 * shape in row-major order while tracking an offset through a stride map.
 * Tested by tests/tensor_indirect_test.c. */
#ifndef PG_TINDEX_H
#define PG_TINDEX_H
#include "ops.h"

/* pg_strides: row-major element strides of s (last dim has stride 1). */
void pg_strides(const pg_shape *s, int64_t *st);
/* pg_offset_of: sum of idx[i]*st[i] for i < rank. */
int64_t pg_offset_of(const int64_t *idx, const int64_t *st, int rank);
/* pg_broadcast_strides: for each dim of `out`, the stride into `in` (0 for
 * broadcast dims) where in dim i maps to out dim dims[i]. */
void pg_broadcast_strides(const pg_shape *out, const pg_shape *in, const int64_t *dims, int64_t *st);
/* pg_transpose_strides: for each out dim d, the stride of in dim perm[d]. */
void pg_transpose_strides(const pg_shape *in, const int64_t *perm, int64_t *st);
/* pg_reduce_strides: for each dim of `in`, the stride into the reduced
 * output (0 for reduced dims listed in dims[0..nd)). */
void pg_reduce_strides(const pg_shape *in, const int64_t *dims, int nd, int64_t *st);

/* Row-major walk over `shape` carrying off = sum(idx*st). */
typedef struct { int rank; int64_t dims[PG_MAX_RANK], idx[PG_MAX_RANK], st[PG_MAX_RANK]; int64_t off; } pg_cursor;
/* pg_cursor_init: position at index 0 (off 0). */
void pg_cursor_init(pg_cursor *c, const pg_shape *shape, const int64_t *st);
/* pg_cursor_next: advance one element; returns 0 when the walk is over. */
int pg_cursor_next(pg_cursor *c);
#endif
