/* ops_infer.c - pg_infer_shape: the shape and element-type rules of the ops
 * other than dot, gather, scatter, dynamic-slice and pad (ops_index.c). */
#include "ops_int.h"
#include <stdio.h>

#define FAIL(...) do { snprintf(err, errlen, __VA_ARGS__); return 0; } while (0)

int pg_check_dims_list(const int64_t *attr, int nattr, int limit, char *err, size_t errlen) {
    for (int i = 0; i < nattr; i++) {
        if (attr[i] < 0 || attr[i] >= limit) FAIL("dimension %lld out of range [0,%d)", (long long)attr[i], limit);
        for (int j = 0; j < i; j++)
            if (attr[j] == attr[i]) FAIL("dimension %lld repeated", (long long)attr[i]);
    }
    return 1;
}

/* type_rule: element-type requirements of elementwise ops */
static int type_rule(pg_op op, pg_et et, char *err, size_t errlen) {
    int fl = pg_et_is_float(et);
    if ((op == PG_OP_AND || op == PG_OP_OR || op == PG_OP_XOR || op == PG_OP_NOT || op == PG_OP_SHIFT_LEFT ||
         op == PG_OP_SHIFT_RIGHT_LOGICAL || op == PG_OP_SHIFT_RIGHT_ARITHMETIC) && fl)
        FAIL("%s needs an integer or pred operand, got %s", pg_op_name(op), pg_et_name(et));
    int float_only = op == PG_OP_ATAN2 || op == PG_OP_IS_FINITE || op == PG_OP_REDUCE_PRECISION ||
                     (op >= PG_OP_EXPONENTIAL && op <= PG_OP_ERF && op != PG_OP_ABS && op != PG_OP_SIGN);
    if (float_only && !fl) FAIL("%s needs a floating-point operand, got %s", pg_op_name(op), pg_et_name(et));
    if (op == PG_OP_REDUCE_PRECISION && et == PG_ET_F64) FAIL("reduce-precision of f64 is not supported (f32, f16, bf16)");
    if (et == PG_ET_PRED && (op == PG_OP_NEGATE || op == PG_OP_ABS || op == PG_OP_SIGN || op == PG_OP_POWER ||
                             op == PG_OP_DIVIDE || op == PG_OP_REMAINDER || op == PG_OP_SUBTRACT))
        FAIL("%s is not defined on pred", pg_op_name(op));
    return 1;
}

int pg_op_fn_ok(pg_op op, int fn, pg_et et) {
    if (op == PG_OP_COMPARE) return fn >= 0 && (fn & 7) < 6 && fn <= (PG_CMP_TOTAL | 7);
    if (op == PG_OP_REDUCE || op == PG_OP_SCATTER) {
        if (op == PG_OP_SCATTER && fn == PG_FN_ASSIGN) return 1;
        if (fn < PG_OP_ADD || fn > PG_OP_XOR || fn == PG_OP_POWER || fn == PG_OP_REMAINDER || fn == PG_OP_ATAN2 ||
            fn == PG_OP_SUBTRACT || fn == PG_OP_DIVIDE)
            return 0;
        char e[8];
        return type_rule((pg_op)fn, et, e, sizeof e);
    }
    return fn == 0;
}

int pg_infer_shape(pg_op op, const pg_shape *in, int nin, const int64_t *attr,
                   int nattr, pg_shape *out, char *err, size_t errlen) {
    char a[160], b[160];
    if (pg_op_is_binary(op)) {
        if (nin != 2) FAIL("%s takes 2 operands, got %d", pg_op_name(op), nin);
        if (!pg_shape_eq(&in[0], &in[1]))
            FAIL("%s operands differ in shape: %s vs %s", pg_op_name(op),
                 pg_shape_str(&in[0], a, sizeof a), pg_shape_str(&in[1], b, sizeof b));
        if (!type_rule(op, in[0].et, err, errlen)) return 0;
        *out = in[0];
        return 1;
    }
    if (pg_op_is_unary(op) || op == PG_OP_IS_FINITE || op == PG_OP_REDUCE_PRECISION || op == PG_OP_CONVERT) {
        if (nin != 1) FAIL("%s takes 1 operand, got %d", pg_op_name(op), nin);
        if (!type_rule(op, in[0].et, err, errlen)) return 0;
        if (op == PG_OP_REDUCE_PRECISION && (nattr != 2 || attr[0] < 1 || attr[0] > 11 || attr[1] > 52))
            FAIL("reduce-precision needs exponent_bits in [1,11] and mantissa_bits in [0,52]");
        pg_et et = op == PG_OP_CONVERT ? out->et : op == PG_OP_IS_FINITE ? PG_ET_PRED : in[0].et;
        *out = in[0];
        out->et = et;
        return 1;
    }
    switch (op) {
    case PG_OP_DOT: return pg_infer_dot(in, nin, attr, nattr, out, err, errlen);
    case PG_OP_GATHER: return pg_infer_gather(in, nin, attr, nattr, out, err, errlen);
    case PG_OP_SCATTER: return pg_infer_scatter(in, nin, attr, nattr, out, err, errlen);
    case PG_OP_DYNAMIC_SLICE: case PG_OP_DYNAMIC_UPDATE_SLICE:
        return pg_infer_dynamic_slice(op, in, nin, attr, nattr, out, err, errlen);
    case PG_OP_PAD: return pg_infer_pad(in, nin, attr, nattr, out, err, errlen);
    case PG_OP_COMPARE:
        if (nin != 2) FAIL("compare takes 2 operands, got %d", nin);
        if (!pg_shape_eq(&in[0], &in[1]))
            FAIL("compare operands differ in shape: %s vs %s", pg_shape_str(&in[0], a, sizeof a),
                 pg_shape_str(&in[1], b, sizeof b));
        *out = in[0];
        out->et = PG_ET_PRED;
        return 1;
    case PG_OP_SELECT: {
        if (nin != 3) FAIL("select takes 3 operands (pred, on_true, on_false), got %d", nin);
        pg_shape p = in[0];
        p.et = in[1].et;
        if (in[0].et != PG_ET_PRED) FAIL("select predicate must be pred, got %s", pg_shape_str(&in[0], a, sizeof a));
        if (!pg_shape_eq(&in[1], &in[2]))
            FAIL("select on_true %s and on_false %s differ", pg_shape_str(&in[1], a, sizeof a), pg_shape_str(&in[2], b, sizeof b));
        if (in[0].rank != 0 && !pg_shape_eq(&p, &in[1]))
            FAIL("select predicate %s must be a scalar or of shape %s", pg_shape_str(&in[0], a, sizeof a),
                 pg_shape_str(&in[1], b, sizeof b));
        *out = in[1];
        return 1;
    }
    case PG_OP_BROADCAST:
        if (nin != 1) FAIL("broadcast takes 1 operand, got %d", nin);
        if (nattr != in[0].rank) FAIL("broadcast dimensions has %d entries for an operand of rank %d", nattr, in[0].rank);
        if (!pg_check_dims_list(attr, nattr, out->rank, err, errlen)) return 0;
        for (int i = 0; i < nattr; i++)
            if (out->dims[attr[i]] != in[0].dims[i])
                FAIL("broadcast maps operand dimension %d (size %lld) to result dimension %lld (size %lld)",
                     i, (long long)in[0].dims[i], (long long)attr[i], (long long)out->dims[attr[i]]);
        out->et = in[0].et;
        return 1;
    case PG_OP_BITCAST_CONVERT:
        if (nin != 1) FAIL("bitcast-convert takes 1 operand, got %d", nin);
        if (pg_et_size(out->et) != pg_et_size(in[0].et) || out->et == PG_ET_PRED || in[0].et == PG_ET_PRED)
            FAIL("bitcast-convert between %s and %s (element sizes differ or pred) is not supported",
                 pg_et_name(in[0].et), pg_et_name(out->et));
        if (pg_shape_numel(out) != pg_shape_numel(&in[0]))
            FAIL("bitcast-convert changes the element count: %s to %s", pg_shape_str(&in[0], a, sizeof a),
                 pg_shape_str(out, b, sizeof b));
        return 1;
    case PG_OP_RESHAPE:
        if (nin != 1) FAIL("reshape takes 1 operand, got %d", nin);
        if (pg_shape_numel(out) != pg_shape_numel(&in[0]))
            FAIL("reshape changes the element count: %s to %s", pg_shape_str(&in[0], a, sizeof a),
                 pg_shape_str(out, b, sizeof b));
        out->et = in[0].et;
        return 1;
    case PG_OP_REVERSE:
        if (nin != 1) FAIL("reverse takes 1 operand, got %d", nin);
        if (!pg_check_dims_list(attr, nattr, in[0].rank, err, errlen)) return 0;
        *out = in[0];
        return 1;
    case PG_OP_TRANSPOSE:
        if (nin != 1) FAIL("transpose takes 1 operand, got %d", nin);
        if (nattr != in[0].rank) FAIL("transpose dimensions must be a permutation of %d dimensions", in[0].rank);
        if (!pg_check_dims_list(attr, nattr, in[0].rank, err, errlen)) return 0;
        out->rank = in[0].rank;
        out->et = in[0].et;
        for (int i = 0; i < nattr; i++) out->dims[i] = in[0].dims[attr[i]];
        return 1;
    case PG_OP_REDUCE:
        if (nin != 2) FAIL("reduce takes an operand and an init value, got %d operands", nin);
        if (in[1].rank != 0 || in[1].et != in[0].et)
            FAIL("reduce init value must be a %s scalar, got %s", pg_et_name(in[0].et), pg_shape_str(&in[1], a, sizeof a));
        if (!pg_check_dims_list(attr, nattr, in[0].rank, err, errlen)) return 0;
        out->rank = 0;
        out->et = in[0].et;
        for (int d = 0; d < in[0].rank; d++) {
            int red = 0;
            for (int i = 0; i < nattr; i++) if (attr[i] == d) red = 1;
            if (!red) out->dims[out->rank++] = in[0].dims[d];
        }
        return 1;
    case PG_OP_CLAMP:
        if (nin != 3) FAIL("clamp takes 3 operands (min, operand, max), got %d", nin);
        for (int k = 0; k < 3; k += 2)
            if ((in[k].rank != 0 || in[k].et != in[1].et) && !pg_shape_eq(&in[k], &in[1]))
                FAIL("clamp %s %s must be a scalar or the operand's shape %s", k ? "max" : "min",
                     pg_shape_str(&in[k], a, sizeof a), pg_shape_str(&in[1], b, sizeof b));
        *out = in[1];
        return 1;
    case PG_OP_CONCATENATE: {
        if (nin < 1 || nin > PG_MAX_SRC) FAIL("concatenate takes 1 to %d operands, got %d", PG_MAX_SRC, nin);
        if (nattr != 1 || attr[0] < 0 || attr[0] >= in[0].rank)
            FAIL("concatenate needs one dimension in [0,%d)", in[0].rank);
        int64_t sum = 0;
        for (int k = 0; k < nin; k++) {
            int same = in[k].rank == in[0].rank && in[k].et == in[0].et;
            for (int d = 0; same && d < in[0].rank; d++) same = d == attr[0] || in[k].dims[d] == in[0].dims[d];
            if (!same) FAIL("concatenate operand %d is %s, which does not match %s outside dimension %lld", k,
                            pg_shape_str(&in[k], a, sizeof a), pg_shape_str(&in[0], b, sizeof b), (long long)attr[0]);
            sum += in[k].dims[attr[0]];
        }
        *out = in[0];
        out->dims[attr[0]] = sum;
        if (!pg_shape_valid(out)) FAIL("concatenate result is too large");
        return 1;
    }
    case PG_OP_IOTA:
        if (nin != 0) FAIL("iota takes no operands, got %d", nin);
        if (nattr != 1 || attr[0] < 0 || attr[0] >= out->rank)
            FAIL("iota_dimension must name one of the %d dimensions of the result", out->rank);
        return 1;
    case PG_OP_SLICE:
        if (nin != 1) FAIL("slice takes 1 operand, got %d", nin);
        if (nattr != 3 * in[0].rank) FAIL("slice needs [start:limit:stride] for each of the %d dimensions", in[0].rank);
        out->rank = in[0].rank;
        out->et = in[0].et;
        for (int d = 0; d < in[0].rank; d++) {
            int64_t lo = attr[d], hi = attr[in[0].rank + d], st = attr[2 * in[0].rank + d];
            if (lo < 0 || lo > hi || hi > in[0].dims[d] || st < 1)
                FAIL("slice [%lld:%lld:%lld] is outside dimension %d of size %lld", (long long)lo, (long long)hi,
                     (long long)st, d, (long long)in[0].dims[d]);
            out->dims[d] = (hi - lo + st - 1) / st;
        }
        return 1;
    default:
        FAIL("op %s has no shape rule here", pg_op_name(op));
    }
}
