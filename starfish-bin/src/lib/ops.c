/* ops.c - op and element-type names, op arity and shape helpers (see ops.h) */
#include "ops.h"
#include <stdio.h>
#include <string.h>

static const char *const NAMES[PG_OP_COUNT] = {
    "invalid", "parameter", "constant", "add", "subtract", "multiply", "divide",
    "maximum", "minimum", "power", "remainder", "atan2", "and", "or", "xor", "shift-left",
    "shift-right-logical", "shift-right-arithmetic",
    "negate", "exponential", "tanh", "abs", "log", "sqrt", "rsqrt", "exponential-minus-one", "log-plus-one",
    "cbrt", "floor", "ceil", "round-nearest-afz", "round-nearest-even", "sign", "sine", "cosine", "tan",
    "acos", "asin", "acosh", "asinh", "atanh", "cosh", "sinh", "logistic", "erf", "not",
    "dot", "broadcast", "reshape", "transpose", "reduce", "iota", "slice", "clamp", "concatenate",
    "convert", "compare", "select", "is-finite", "reduce-precision", "gather", "scatter", "dynamic-slice",
    "dynamic-update-slice", "pad", "bitcast-convert", "reverse", "get-tuple-element",
    "tuple", "fusion", "call", "copy", "dump"};

static const char *const ET_NAMES[PG_ET_COUNT] = {
    "f32", "pred", "s8", "s16", "s32", "s64", "u8", "u16", "u32", "u64", "f16", "bf16", "f64", "s4", "u4", "s2", "u2"};
static const int ET_SIZES[PG_ET_COUNT] = {4, 1, 1, 2, 4, 8, 1, 2, 4, 8, 2, 2, 8, 1, 1, 1, 1};
static const int ET_BITS[PG_ET_COUNT] = {32, 1, 8, 16, 32, 64, 8, 16, 32, 64, 16, 16, 64, 4, 4, 2, 2};

const char *pg_et_name(pg_et e) { return (e >= 0 && e < PG_ET_COUNT) ? ET_NAMES[e] : "?"; }
int pg_et_size(pg_et e) { return (e >= 0 && e < PG_ET_COUNT) ? ET_SIZES[e] : 4; }
int pg_et_is_float(pg_et e) { return e == PG_ET_F32 || e == PG_ET_F16 || e == PG_ET_BF16 || e == PG_ET_F64; }
int pg_et_is_signed(pg_et e) { return (e >= PG_ET_S8 && e <= PG_ET_S64) || e == PG_ET_S4 || e == PG_ET_S2; }
int pg_et_bits(pg_et e) { return (e >= 0 && e < PG_ET_COUNT) ? ET_BITS[e] : 32; }

int pg_et_from_name(const char *s, size_t n) {
    for (int i = 0; i < PG_ET_COUNT; i++)
        if (strlen(ET_NAMES[i]) == n && memcmp(s, ET_NAMES[i], n) == 0) return i;
    return -1;
}

static const char *const DIRS[6] = {"EQ", "NE", "LT", "LE", "GT", "GE"};

const char *pg_fn_name(pg_op op, int fn, char *buf, size_t n) {
    if (op == PG_OP_COMPARE) snprintf(buf, n, "%s%s", DIRS[(fn & 7) % 6], fn & PG_CMP_TOTAL ? ".total" : "");
    else snprintf(buf, n, "%s", fn == PG_FN_ASSIGN ? "assign" : pg_op_name((pg_op)fn));
    return buf;
}

int pg_fn_from_name(pg_op op, const char *s, size_t n, int *fn) {
    if (op == PG_OP_COMPARE) {
        int total = n > 6 && memcmp(s + n - 6, ".total", 6) == 0;
        if (total) n -= 6;
        for (int i = 0; i < 6; i++)
            if (n == 2 && memcmp(s, DIRS[i], 2) == 0) { *fn = i | (total ? PG_CMP_TOTAL : 0); return 1; }
        return 0;
    }
    if (n == 6 && memcmp(s, "assign", 6) == 0) { *fn = PG_FN_ASSIGN; return 1; }
    for (int i = PG_OP_ADD; i <= PG_OP_XOR; i++)
        if (strlen(NAMES[i]) == n && memcmp(s, NAMES[i], n) == 0) { *fn = i; return 1; }
    return 0;
}

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
    return "abs, acos, acosh, add, and, asin, asinh, atan2, atanh, bitcast, bitcast-convert, broadcast, call, cbrt, ceil, clamp, compare, "
           "concatenate, constant, convert, copy, cosh, cosine, divide, dot, dynamic-slice, dynamic-update-slice, erf, "
           "exponential, exponential-minus-one, floor, fusion, gather, get-tuple-element, iota, is-finite, log, log-plus-one, logistic, "
           "maximum, minimum, multiply, negate, not, or, pad, parameter, power, reduce, reduce-precision, remainder, "
           "reshape, reverse, round-nearest-afz, round-nearest-even, rsqrt, scatter, select, shift-left, shift-right-arithmetic, "
           "shift-right-logical, sign, sine, sinh, slice, sqrt, subtract, tan, tanh, transpose, tuple, xor";
}

int pg_op_is_binary(pg_op op) { return op >= PG_OP_ADD && op <= PG_OP_SHIFT_RIGHT_ARITHMETIC; }
int pg_op_is_unary(pg_op op) { return (op >= PG_OP_NEGATE && op <= PG_OP_NOT) || op == PG_OP_COPY; }

int pg_op_arity(pg_op op) {
    if (pg_op_is_binary(op) || op == PG_OP_DOT || op == PG_OP_REDUCE || op == PG_OP_COMPARE || op == PG_OP_GATHER ||
        op == PG_OP_PAD)
        return 2;
    if (op == PG_OP_TUPLE || op == PG_OP_CONCATENATE || op == PG_OP_DYNAMIC_SLICE || op == PG_OP_DYNAMIC_UPDATE_SLICE)
        return -1;
    if (op == PG_OP_CLAMP || op == PG_OP_SELECT || op == PG_OP_SCATTER) return 3;
    if (op == PG_OP_FUSION || op == PG_OP_CALL) return -2;
    if (op == PG_OP_PARAMETER || op == PG_OP_CONSTANT || op == PG_OP_INVALID || op == PG_OP_DUMP || op == PG_OP_IOTA)
        return 0;
    return 1; /* unary, copy, broadcast, reshape, transpose, convert, is-finite, reduce-precision */
}

int64_t pg_shape_numel(const pg_shape *s) {
    int64_t n = 1;
    for (int i = 0; i < s->rank; i++) n *= s->dims[i];
    return n;
}

int pg_shape_eq(const pg_shape *a, const pg_shape *b) {
    if (a->rank != b->rank || a->et != b->et) return 0;
    for (int i = 0; i < a->rank; i++) if (a->dims[i] != b->dims[i]) return 0;
    return 1;
}

const char *pg_shape_str(const pg_shape *s, char *buf, size_t n) {
    size_t k = 0;
    int w = snprintf(buf, n, "%s[", pg_et_name(s->et));
    k = w > 0 ? (size_t)w : 0;
    for (int i = 0; i < s->rank && k < n; i++) {
        w = snprintf(buf + k, n - k, "%s%lld", i ? "," : "", (long long)s->dims[i]);
        if (w > 0) k += (size_t)w;
    }
    if (k < n) snprintf(buf + k, n - k, "]");
    return buf;
}

int pg_shape_valid(const pg_shape *s) {
    if (s->rank < 0 || s->rank > PG_MAX_RANK || s->et < 0 || s->et >= PG_ET_COUNT) return 0;
    int64_t n = 1;
    for (int i = 0; i < s->rank; i++)
        if (s->dims[i] < 0 || !pg_mul_ok(n, s->dims[i], &n)) return 0;
    return 1;
}
