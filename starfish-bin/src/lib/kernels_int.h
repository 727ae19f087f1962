/* kernels_int.h - scalar operations and op-family dispatchers shared by
 * kernels.c, kernels_struct.c and kernels_index.c. */
#ifndef PG_KERNELS_INT_H
#define PG_KERNELS_INT_H
#include "et.h"

/* pg_combine: d[di] = fn(d[di], s[si]) for arrays of type e (fn a binary
 * op, or PG_FN_ASSIGN: d[di] = s[si]) */
void pg_combine(int fn, pg_et e, void *d, int64_t di, const void *s, int64_t si);
/* pg_binary_elem: d[i] = op(a[i], b[i]) for arrays of type e */
void pg_binary_elem(pg_op op, pg_et e, void *d, int64_t di, const void *a, int64_t ai, const void *b, int64_t bi);
/* pg_index_kernel: gather, scatter, dynamic-slice, dynamic-update-slice
 * and pad (kernels_index.c); 0 for other ops */
int pg_index_kernel(pg_op op, int fn, const int64_t *attr, int nattr, const pg_shape *ds, void *d, const pg_shape *ss,
                    const void *const *s, int nsrc);
/* pg_struct_kernel: dot, reduce, broadcast, transpose, reverse, slice,
 * concatenate and iota (kernels_struct.c); 0 for other ops */
int pg_struct_kernel(pg_op op, int fn, const int64_t *attr, int nattr, const pg_shape *ds, void *d, const pg_shape *ss,
                     const void *const *s, int nsrc);
#endif
