/* kernels.h - the compute kernels. The reference evaluator and the
 * simulated machine both call these, so both accumulate in the same order
 * (dot: k-loop in ascending order per output element, f32 accumulation;
 * reduce: init then inputs in row-major order). */
#ifndef PG_KERNELS_H
#define PG_KERNELS_H
#include "ops.h"

/* pg_kernel_run: dst = op(src[0..nsrc)) with the instruction attributes
 * attr[0..nattr) (see pg_infer_shape). Shapes must already be checked;
 * dst must not overlap any src. Returns 1, or 0 for an op with no kernel
 * (parameter, constant, tuple, dump). */
int pg_kernel_run(pg_op op, const int64_t *attr, int nattr, const pg_shape *dst_shape, float *dst,
                  const pg_shape *src_shapes, const float *const *src, int nsrc);
#endif
