/* ops.c - see ops.h */
#include "ops.h"
#include <stdio.h>
#include <string.h>

static const char *const NAMES[PG_OP_COUNT] = {
    "invalid", "parameter", "constant", "add", "subtract", "multiply", "divide",
    "maximum", "minimum", "power", "negate", "exponential", "tanh", "abs", "log", "sqrt", "rsqrt",
    "dot", "broadcast", "reshape", "transpose", "reduce", "iota", "slice", "clamp", "concatenate", "tuple", "fusion", "call", "copy", "dump"};

const char *pg_op_name(pg_op op) {
    return (op > 0 && op < PG_OP_COUNT) ? NAMES[op] : "invalid";
}

pg_op pg_op_from_name(const char *s) {
    for (int i = 1; i < PG_OP_COUNT; i++)
        if (strcmp(s, NAMES[i]) == 0) return (pg_op)i;
    return PG_OP_INVALID;
}

pg_op pg_op_from_hlo(const char *s, size_t n) {
    if (n == 3 && memcmp(s, "exp", 3) == 0) return PG_OP_EXPONENTIAL;
    for (int i = 1; i <= PG_OP_COPY; i++)
        if (strlen(NAMES[i]) == n && memcmp(s, NAMES[i], n) == 0) return (pg_op)i;
    return PG_OP_INVALID;
}

const char *pg_supported_ops(void) {
    return "abs, add, bitcast, broadcast, call, clamp, concatenate, constant, copy, divide, dot, exponential, fusion, iota, log, "
           "maximum, minimum, multiply, negate, parameter, power, reduce, reshape, rsqrt, slice, sqrt, "
           "subtract, tanh, transpose, tuple";
}

int pg_op_is_binary(pg_op op) { return op >= PG_OP_ADD && op <= PG_OP_POWER; }
int pg_op_is_unary(pg_op op) { return (op >= PG_OP_NEGATE && op <= PG_OP_RSQRT) || op == PG_OP_COPY; }

int pg_op_arity(pg_op op) {
    if (pg_op_is_binary(op) || op == PG_OP_DOT || op == PG_OP_REDUCE) return 2;
    if (op == PG_OP_TUPLE || op == PG_OP_CONCATENATE) return -1;
    if (op == PG_OP_CLAMP) return 3;
    if (op == PG_OP_FUSION || op == PG_OP_CALL) return -2;
    if (op == PG_OP_PARAMETER || op == PG_OP_CONSTANT || op == PG_OP_INVALID || op == PG_OP_DUMP || op == PG_OP_IOTA)
        return 0;
    return 1; /* unary, copy, broadcast, reshape, transpose */
}

int64_t pg_shape_numel(const pg_shape *s) {
    int64_t n = 1;
    for (int i = 0; i < s->rank; i++) n *= s->dims[i];
    return n;
}

int pg_shape_eq(const pg_shape *a, const pg_shape *b) {
    if (a->rank != b->rank) return 0;
    for (int i = 0; i < a->rank; i++) if (a->dims[i] != b->dims[i]) return 0;
    return 1;
}

const char *pg_shape_str(const pg_shape *s, char *buf, size_t n) {
    size_t k = 0;
    int w = snprintf(buf, n, "f32[");
    k = w > 0 ? (size_t)w : 0;
    for (int i = 0; i < s->rank && k < n; i++) {
        w = snprintf(buf + k, n - k, "%s%lld", i ? "," : "", (long long)s->dims[i]);
        if (w > 0) k += (size_t)w;
    }
    if (k < n) snprintf(buf + k, n - k, "]");
    return buf;
}

int pg_shape_valid(const pg_shape *s) {
    if (s->rank < 0 || s->rank > PG_MAX_RANK) return 0;
    int64_t n = 1;
    for (int i = 0; i < s->rank; i++)
        if (s->dims[i] < 0 || !pg_mul_ok(n, s->dims[i], &n)) return 0;
    return 1;
}

#define FAIL(...) do { snprintf(err, errlen, __VA_ARGS__); return 0; } while (0)

static int check_dims_list(const int64_t *attr, int nattr, int limit, char *err, size_t errlen) {
    for (int i = 0; i < nattr; i++) {
        if (attr[i] < 0 || attr[i] >= limit) FAIL("dimension %lld out of range [0,%d)", (long long)attr[i], limit);
        for (int j = 0; j < i; j++)
            if (attr[j] == attr[i]) FAIL("dimension %lld repeated", (long long)attr[i]);
    }
    return 1;
}

int pg_infer_shape(pg_op op, const pg_shape *in, int nin, const int64_t *attr,
                   int nattr, pg_shape *out, char *err, size_t errlen) {
    char a[160], b[160];
    if (pg_op_is_binary(op)) {
        if (nin != 2) FAIL("%s takes 2 operands, got %d", pg_op_name(op), nin);
        if (!pg_shape_eq(&in[0], &in[1]))
            FAIL("%s operands differ in shape: %s vs %s", pg_op_name(op),
                 pg_shape_str(&in[0], a, sizeof a), pg_shape_str(&in[1], b, sizeof b));
        *out = in[0];
        return 1;
    }
    if (pg_op_is_unary(op)) {
        if (nin != 1) FAIL("%s takes 1 operand, got %d", pg_op_name(op), nin);
        *out = in[0];
        return 1;
    }
    switch (op) {
    case PG_OP_DOT: {
        if (nin != 2) FAIL("dot takes 2 operands, got %d", nin);
        if (in[0].rank != 2 || in[1].rank != 2) FAIL("dot supports rank-2 operands only (got %s, %s)",
            pg_shape_str(&in[0], a, sizeof a), pg_shape_str(&in[1], b, sizeof b));
        if (nattr != 2 || attr[0] < 0 || attr[0] > 1 || attr[1] < 0 || attr[1] > 1)
            FAIL("dot needs one lhs and one rhs contracting dimension in {0,1}");
        int64_t kl = in[0].dims[attr[0]], kr = in[1].dims[attr[1]];
        if (kl != kr) FAIL("dot contracting dimensions differ: %lld vs %lld (%s . %s)", (long long)kl,
            (long long)kr, pg_shape_str(&in[0], a, sizeof a), pg_shape_str(&in[1], b, sizeof b));
        out->rank = 2;
        out->dims[0] = in[0].dims[1 - attr[0]];
        out->dims[1] = in[1].dims[1 - attr[1]];
        return 1;
    }
    case PG_OP_BROADCAST:
        if (nin != 1) FAIL("broadcast takes 1 operand, got %d", nin);
        if (nattr != in[0].rank) FAIL("broadcast dimensions has %d entries for an operand of rank %d", nattr, in[0].rank);
        if (!check_dims_list(attr, nattr, out->rank, err, errlen)) return 0;
        for (int i = 0; i < nattr; i++)
            if (out->dims[attr[i]] != in[0].dims[i])
                FAIL("broadcast maps operand dimension %d (size %lld) to result dimension %lld (size %lld)",
                     i, (long long)in[0].dims[i], (long long)attr[i], (long long)out->dims[attr[i]]);
        return 1;
    case PG_OP_RESHAPE:
        if (nin != 1) FAIL("reshape takes 1 operand, got %d", nin);
        if (pg_shape_numel(out) != pg_shape_numel(&in[0]))
            FAIL("reshape changes the element count: %s to %s", pg_shape_str(&in[0], a, sizeof a),
                 pg_shape_str(out, b, sizeof b));
        return 1;
    case PG_OP_TRANSPOSE:
        if (nin != 1) FAIL("transpose takes 1 operand, got %d", nin);
        if (nattr != in[0].rank) FAIL("transpose dimensions must be a permutation of %d dimensions", in[0].rank);
        if (!check_dims_list(attr, nattr, in[0].rank, err, errlen)) return 0;
        out->rank = in[0].rank;
        for (int i = 0; i < nattr; i++) out->dims[i] = in[0].dims[attr[i]];
        return 1;
    case PG_OP_REDUCE:
        if (nin != 2) FAIL("reduce takes an operand and an init value, got %d operands", nin);
        if (in[1].rank != 0) FAIL("reduce init value must be a scalar, got %s", pg_shape_str(&in[1], a, sizeof a));
        if (!check_dims_list(attr, nattr, in[0].rank, err, errlen)) return 0;
        out->rank = 0;
        for (int d = 0; d < in[0].rank; d++) {
            int red = 0;
            for (int i = 0; i < nattr; i++) if (attr[i] == d) red = 1;
            if (!red) out->dims[out->rank++] = in[0].dims[d];
        }
        return 1;
    case PG_OP_CLAMP:
        if (nin != 3) FAIL("clamp takes 3 operands (min, operand, max), got %d", nin);
        for (int k = 0; k < 3; k += 2)
            if (in[k].rank != 0 && !pg_shape_eq(&in[k], &in[1]))
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
            int same = in[k].rank == in[0].rank;
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
