/* ops.h - operation codes, shapes and the shape rules shared by the HLO
 * checker, the penguin/BIR readers and the BIR verifier. */
#ifndef PG_OPS_H
#define PG_OPS_H
#include "base.h"

#define PG_MAX_RANK 8
/* integer attributes of one instruction: slice needs start, limit and
 * stride per dimension */
#define PG_MAX_ATTR (3 * PG_MAX_RANK)
/* operands of one kernel instruction (clamp: 3, concatenate: up to 8) */
#define PG_MAX_SRC 8

typedef enum {
    PG_OP_INVALID = 0,
    PG_OP_PARAMETER, PG_OP_CONSTANT,
    PG_OP_ADD, PG_OP_SUBTRACT, PG_OP_MULTIPLY, PG_OP_DIVIDE,
    PG_OP_MAXIMUM, PG_OP_MINIMUM, PG_OP_POWER,
    PG_OP_NEGATE, PG_OP_EXPONENTIAL, PG_OP_TANH, PG_OP_ABS, PG_OP_LOG, PG_OP_SQRT, PG_OP_RSQRT,
    PG_OP_DOT, PG_OP_BROADCAST, PG_OP_RESHAPE, PG_OP_TRANSPOSE, PG_OP_REDUCE,
    PG_OP_IOTA, PG_OP_SLICE, PG_OP_CLAMP, PG_OP_CONCATENATE,
    PG_OP_TUPLE,
    PG_OP_FUSION, PG_OP_CALL, /* HLO only: inlined by the checker (inline.c) */
    PG_OP_COPY,   /* also an HLO op; kernel programs: output that aliases an input */
    PG_OP_DUMP,   /* BIR only: watchpoint dump of a tensor */
    PG_OP_COUNT
} pg_op;

/* A dense f32 array shape; rank 0 is a scalar. */
typedef struct { int rank; int64_t dims[PG_MAX_RANK]; } pg_shape;

/* pg_op_name: canonical name ("exponential", "copy", ...). */
const char *pg_op_name(pg_op op);
/* pg_op_from_hlo: opcode of an HLO op spelling (accepts "exp" for
 * exponential, and copy); PG_OP_INVALID for anything outside the HLO
 * subset. */
pg_op pg_op_from_hlo(const char *s, size_t n);
/* pg_op_from_name: opcode of a canonical name including copy/dump. */
pg_op pg_op_from_name(const char *s);
/* pg_supported_ops: comma separated sorted list of supported HLO ops. */
const char *pg_supported_ops(void);
/* pg_op_is_binary / pg_op_is_unary: elementwise classes. */
int pg_op_is_binary(pg_op op);
int pg_op_is_unary(pg_op op);
/* pg_op_arity: the exact operand count an HLO instruction of `op` must
 * have (add: 2, negate: 1, reduce: 2, ...); -1 for tuple (any count of at
 * least 1), -2 for fusion and call (any count, the callee's parameter
 * count), and 0 for parameter and constant, whose parentheses hold a
 * number or a literal instead of operands. Checked when each instruction
 * is built, so later stages may index operands without re-checking. */
int pg_op_arity(pg_op op);

/* pg_shape_numel: element count (1 for scalars). Shapes built by the
 * library never overflow (checked with pg_mul_ok when created). */
int64_t pg_shape_numel(const pg_shape *s);
/* pg_shape_eq: 1 when rank and all dims match. */
int pg_shape_eq(const pg_shape *a, const pg_shape *b);
/* pg_shape_str: writes "f32[4,8]" into buf (always NUL-terminated). */
const char *pg_shape_str(const pg_shape *s, char *buf, size_t n);
/* pg_shape_valid: 1 when rank <= PG_MAX_RANK, dims >= 0 and the element
 * count stays within 2^50. */
int pg_shape_valid(const pg_shape *s);

/* pg_infer_shape: result shape of `op` over operand shapes `in[0..nin)`
 * with integer attributes `attr[0..nattr)` (broadcast/transpose/reduce:
 * the `dimensions`; dot: lhs and rhs contracting dim; iota: the iota
 * dimension; slice: rank starts, then rank limits, then rank strides).
 * Returns 1 and sets *out, or 0 with a message in err. For broadcast,
 * reshape and iota the result shape is an input: pass it in *out (it is
 * validated, not computed). */
int pg_infer_shape(pg_op op, const pg_shape *in, int nin, const int64_t *attr,
                   int nattr, pg_shape *out, char *err, size_t errlen);
#endif
