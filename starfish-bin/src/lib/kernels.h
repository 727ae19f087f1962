/* kernels.h - the compute kernels. The reference evaluator and the
 * simulated machine both call these, so both accumulate in the same order
 * (dot: contracting index in ascending row-major order per output element,
 * accumulated in f32 for f32/f16/bf16 results, f64 for f64, wrapping
 * 64-bit integers for integer results; reduce: init then inputs in
 * row-major order, each step rounded to the element type). Arrays hold
 * elements of their shape's element type (pg_shape.et). */
#ifndef PG_KERNELS_H
#define PG_KERNELS_H
#include "ops.h"

/* pg_kernel_run: dst = op(src[0..nsrc)) with the instruction attributes
 * attr[0..nattr) (see pg_infer_shape) and fn (reduce/scatter combiner or
 * compare direction, see pg_fn_name). Shapes must already be checked; dst
 * must not overlap any src. Returns 1, or 0 for an op with no kernel
 * (parameter, constant, tuple, dump). */
int pg_kernel_run(pg_op op, int fn, const int64_t *attr, int nattr, const pg_shape *dst_shape, void *dst,
                  const pg_shape *src_shapes, const void *const *src, int nsrc);
#endif
