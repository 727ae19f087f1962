/* ops.h - operation codes, shapes and the shape rules shared by the HLO
 * checker, the penguin/BIR readers and the BIR verifier. */
#ifndef PG_OPS_H
#define PG_OPS_H
#include "base.h"

#define PG_MAX_RANK 8
/* integer attributes of one instruction: slice and pad need 3 per
 * dimension; a valid gather needs at most 3 counts + rank + 8 + 1 + rank
 * (encodings in ops_int.h; longer lists are refused while encoding) */
#define PG_MAX_ATTR (3 * PG_MAX_RANK + 8)
/* operands of one kernel instruction (clamp: 3, concatenate: up to 10,
 * dynamic-slice: the operand and one index per dimension) */
#define PG_MAX_SRC 10

typedef enum {
    PG_OP_INVALID = 0,
    PG_OP_PARAMETER, PG_OP_CONSTANT,
    PG_OP_ADD, PG_OP_SUBTRACT, PG_OP_MULTIPLY, PG_OP_DIVIDE,
    PG_OP_MAXIMUM, PG_OP_MINIMUM, PG_OP_POWER,
    PG_OP_REMAINDER, PG_OP_ATAN2, PG_OP_AND, PG_OP_OR, PG_OP_XOR,
    PG_OP_SHIFT_LEFT, PG_OP_SHIFT_RIGHT_LOGICAL, PG_OP_SHIFT_RIGHT_ARITHMETIC, /* last binary */
    PG_OP_NEGATE, PG_OP_EXPONENTIAL, PG_OP_TANH, PG_OP_ABS, PG_OP_LOG, PG_OP_SQRT, PG_OP_RSQRT,
    PG_OP_EXPM1, PG_OP_LOG1P, PG_OP_CBRT, PG_OP_FLOOR, PG_OP_CEIL, PG_OP_ROUND_AFZ, PG_OP_ROUND_EVEN,
    PG_OP_SIGN, PG_OP_SINE, PG_OP_COSINE, PG_OP_TAN, PG_OP_ACOS, PG_OP_ASIN, PG_OP_ACOSH, PG_OP_ASINH,
    PG_OP_ATANH, PG_OP_COSH, PG_OP_SINH, PG_OP_LOGISTIC, PG_OP_ERF, PG_OP_NOT, /* last unary */
    PG_OP_DOT, PG_OP_BROADCAST, PG_OP_RESHAPE, PG_OP_TRANSPOSE, PG_OP_REDUCE,
    PG_OP_IOTA, PG_OP_SLICE, PG_OP_CLAMP, PG_OP_CONCATENATE,
    PG_OP_CONVERT, PG_OP_COMPARE, PG_OP_SELECT, PG_OP_IS_FINITE, PG_OP_REDUCE_PRECISION,
    PG_OP_GATHER, PG_OP_SCATTER, PG_OP_DYNAMIC_SLICE, PG_OP_DYNAMIC_UPDATE_SLICE, PG_OP_PAD,
    PG_OP_BITCAST_CONVERT, /* same element size: the bits reinterpreted; also bitcast between such types */
    PG_OP_REVERSE,
    PG_OP_GET_TUPLE_ELEMENT, /* HLO only: resolved when tuple-returning calls are inlined */
    PG_OP_TUPLE,
    PG_OP_FUSION, PG_OP_CALL, /* HLO only: inlined by the checker (inline.c) */
    PG_OP_COPY,   /* also an HLO op; kernel programs: output that aliases an input */
    PG_OP_DUMP,   /* BIR only: watchpoint dump of a tensor */
    PG_OP_COUNT
} pg_op;

/* Element types. PG_ET_F32 is 0, so a zeroed shape is f32. */
typedef enum {
    PG_ET_F32 = 0, PG_ET_PRED, PG_ET_S8, PG_ET_S16, PG_ET_S32, PG_ET_S64,
    PG_ET_U8, PG_ET_U16, PG_ET_U32, PG_ET_U64, PG_ET_F16, PG_ET_BF16, PG_ET_F64,
    PG_ET_S4, PG_ET_U4, PG_ET_S2, PG_ET_U2, /* stored one per byte, wrapping at their width */
    PG_ET_COUNT
} pg_et;

/* A dense array shape; rank 0 is a scalar. */
typedef struct { int rank; int64_t dims[PG_MAX_RANK]; pg_et et; } pg_shape;

/* Compare directions (the `fn` of a compare instruction); PG_CMP_TOTAL is
 * added for type=TOTALORDER. */
enum { PG_CMP_EQ, PG_CMP_NE, PG_CMP_LT, PG_CMP_LE, PG_CMP_GT, PG_CMP_GE, PG_CMP_TOTAL = 8 };

/* pg_et_name: "f32", "s32", "pred", ...; pg_et_size: bytes per element
 * (s4/u4/s2/u2: one byte each, not packed); pg_et_bits: the width that
 * integer arithmetic wraps at (pred: 1). */
const char *pg_et_name(pg_et e);
int pg_et_size(pg_et e);
int pg_et_bits(pg_et e);
/* pg_et_from_name: element type of a spelling, or -1. */
int pg_et_from_name(const char *s, size_t n);
/* classes: floating point (f16, bf16, f32, f64), signed / unsigned
 * integer (pred counts as unsigned) */
int pg_et_is_float(pg_et e);
int pg_et_is_signed(pg_et e);
/* pg_fn_name / pg_fn_from_name: the `fn=` of a kernel instruction: the
 * combiner op of reduce and scatter ("add", ..., "assign" = -1 ... encoded
 * as PG_FN_ASSIGN) or a compare direction ("LT", "LT.total"). */
#define PG_FN_ASSIGN 1000
const char *pg_fn_name(pg_op op, int fn, char *buf, size_t n);
int pg_fn_from_name(pg_op op, const char *s, size_t n, int *fn);

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
/* pg_shape_eq: 1 when element type, rank and all dims match. */
int pg_shape_eq(const pg_shape *a, const pg_shape *b);
/* pg_shape_str: writes "f32[4,8]" into buf (always NUL-terminated). */
const char *pg_shape_str(const pg_shape *s, char *buf, size_t n);
/* pg_shape_valid: 1 when rank <= PG_MAX_RANK, dims >= 0 and the element
 * count stays within 2^50. */
int pg_shape_valid(const pg_shape *s);

/* pg_infer_shape: result shape of `op` over operand shapes `in[0..nin)`
 * with integer attributes `attr[0..nattr)` (broadcast/transpose/reduce:
 * the `dimensions`; iota: the iota dimension; slice: rank starts, then
 * rank limits, then rank strides; dot: nb, lhs batch dims, rhs batch dims,
 * nc, lhs contracting dims, rhs contracting dims; gather: n, offset_dims,
 * n, collapsed_slice_dims, n, start_index_map, index_vector_dim,
 * slice_sizes (one per operand dimension); scatter: n,
 * update_window_dims, n, inserted_window_dims, n,
 * scatter_dims_to_operand_dims, index_vector_dim; dynamic-slice:
 * slice_sizes; pad: rank lows, rank highs, rank interiors;
 * reduce-precision: exponent_bits, mantissa_bits).
 * For convert the result element type is an input, like the shape of
 * broadcast. Element types are checked too (compare gives pred).
 * Returns 1 and sets *out, or 0 with a message in err. For broadcast,
 * reshape and iota the result shape is an input: pass it in *out (it is
 * validated, not computed). */
int pg_infer_shape(pg_op op, const pg_shape *in, int nin, const int64_t *attr,
                   int nattr, pg_shape *out, char *err, size_t errlen);
/* pg_op_fn_ok: 1 when `fn` is valid for op on operands of element type
 * et (reduce/scatter combiners, compare directions; others need 0). */
int pg_op_fn_ok(pg_op op, int fn, pg_et et);
#endif
