/* ops_int.h - shape rules of the indexing ops (ops_index.c) and the
 * decoders of their attribute encodings, shared by ops_infer.c, kernels
 * and the printer. */
#ifndef PG_OPS_INT_H
#define PG_OPS_INT_H
#include "ops.h"

/* dot: attr = nb, lhs_batch[nb], rhs_batch[nb], nc, lhs_contract[nc], rhs_contract[nc] */
typedef struct { int nb, nc; const int64_t *lb, *rb, *lc, *rc; } pg_dot_dims;
/* gather: attr = n, offset_dims, n, collapsed_slice_dims, n, start_index_map,
 * index_vector_dim, slice_sizes[operand rank] (nsizes = what is left);
 * scatter: the same with update_window_dims, inserted_window_dims,
 * scatter_dims_to_operand_dims, index_vector_dim and no sizes */
typedef struct { int no, nc, ns, nsizes; const int64_t *offset, *collapsed, *sim, *sizes; int64_t ivd; } pg_gather_dims;

/* decoders: 1, or 0 when attr is malformed */
int pg_dot_decode(const int64_t *attr, int nattr, pg_dot_dims *d);
int pg_gather_decode(const int64_t *attr, int nattr, pg_gather_dims *g);

int pg_check_dims_list(const int64_t *attr, int nattr, int limit, char *err, size_t errlen);
int pg_infer_dot(const pg_shape *in, int nin, const int64_t *attr, int nattr, pg_shape *out, char *err, size_t errlen);
int pg_infer_gather(const pg_shape *in, int nin, const int64_t *attr, int nattr, pg_shape *out, char *err, size_t errlen);
int pg_infer_scatter(const pg_shape *in, int nin, const int64_t *attr, int nattr, pg_shape *out, char *err, size_t errlen);
int pg_infer_dynamic_slice(pg_op op, const pg_shape *in, int nin, const int64_t *attr, int nattr, pg_shape *out,
                           char *err, size_t errlen);
int pg_infer_pad(const pg_shape *in, int nin, const int64_t *attr, int nattr, pg_shape *out, char *err, size_t errlen);
#endif
