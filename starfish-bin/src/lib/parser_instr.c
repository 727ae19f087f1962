/* parser_instr.c - one HLO instruction: name, shape, opcode, operands,
 * literals and the attributes the subset uses (others are skipped). */
#include "parser_int.h"
#include "hint.h"
#include "et.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* literal_value: one literal element of type e, stored at in->literal[n] */
static void literal_value(pg_parser *p, pg_instr *in) {
    char b[80], tmp[64];
    pg_token t = p->tok;
    pg_et e = in->shape.et;
    int64_t n = in->n_literal;
    if (t.k == PG_T_IDENT && (pg_tok_is(&t, "true") || pg_tok_is(&t, "false"))) {
        if (e != PG_ET_PRED) pp_fail(p, t.line, t.col, "%s literal %s in a %s constant", "pred", pg_tok_desc(&t, b, sizeof b), pg_et_name(e));
        pg_st_i(e, in->literal, n, t.s[0] == 't');
        pp_next(p);
        return;
    }
    if (t.k != PG_T_NUM || t.n >= sizeof tmp)
        pp_fail(p, t.line, t.col, "expected a number, found %s", pg_tok_desc(&t, b, sizeof b));
    memcpy(tmp, t.s, t.n);
    tmp[t.n] = 0;
    char *end = NULL;
    errno = 0;
    if (pg_et_is_float(e)) {
        if (e == PG_ET_F64) pg_st_f(e, in->literal, n, strtod(tmp, &end));
        else pg_st_f(e, in->literal, n, strtof(tmp, &end));
    } else if (pg_et_is_signed(e)) {
        long long v = strtoll(tmp, &end, 10);
        int bits = pg_et_bits(e);
        if (!errno && end && !*end && bits < 64 && (v < -(1LL << (bits - 1)) || v >= (1LL << (bits - 1)))) errno = ERANGE;
        pg_st_i(e, in->literal, n, (uint64_t)v);
    } else {
        unsigned long long v = tmp[0] == '-' ? (errno = ERANGE, 0) : strtoull(tmp, &end, 10);
        int bits = pg_et_bits(e);
        if (!errno && end && !*end && bits < 64 && v >= (1ULL << bits)) errno = ERANGE;
        pg_st_i(e, in->literal, n, v);
    }
    if (errno == ERANGE && !pg_et_is_float(e))
        pp_fail(p, t.line, t.col, "literal %s is out of range for %s", pg_tok_desc(&t, b, sizeof b), pg_et_name(e));
    if (!end || *end) pp_fail(p, t.line, t.col, "malformed %s literal %s", pg_et_name(e), pg_tok_desc(&t, b, sizeof b));
    pp_next(p);
}

static void literal(pg_parser *p, pg_instr *in, int *cap, int depth) {
    if (p->tok.k == PG_T_OTHER && p->tok.n == 1 && p->tok.s[0] == '.')
        pp_fail(p, p->tok.line, p->tok.col, "constant values elided at %d:%d; export with large constants printed",
                p->tok.line, p->tok.col);
    if (depth > PG_MAX_RANK) pp_fail(p, p->tok.line, p->tok.col, "literal nested deeper than rank %d", PG_MAX_RANK);
    if (p->tok.k == PG_T_LBRACE) {
        pp_next(p);
        while (p->tok.k != PG_T_RBRACE) {
            literal(p, in, cap, depth + 1);
            if (p->tok.k != PG_T_COMMA) break;
            pp_next(p);
        }
        pp_expect(p, PG_T_RBRACE, "'}' closing the literal");
        return;
    }
    if (in->n_literal >= ((int64_t)1 << 30)) pp_fail(p, p->tok.line, p->tok.col, "literal too large");
    pp_grow(p, &in->literal, cap, (int)in->n_literal, (size_t)pg_et_size(in->shape.et));
    literal_value(p, in);
    in->n_literal++;
}

static void operands(pg_parser *p, pg_instr *in) {
    int cap = 0, lcap = 0, ccap = 0;
    while (p->tok.k != PG_T_RPAREN) {
        if (pp_at_shape(p)) {
            pg_shape s, *tu = NULL;
            int nt = 0;
            pp_shape(p, &s, &tu, &nt);
        }
        pg_token t = pp_expect(p, PG_T_IDENT, "an operand name");
        int n = in->n_operands;
        pp_grow(p, (void **)&in->operand_names, &cap, n, sizeof *in->operand_names);
        pp_grow(p, (void **)&in->operand_line, &lcap, n, sizeof *in->operand_line);
        pp_grow(p, (void **)&in->operand_col, &ccap, n, sizeof *in->operand_col);
        in->operand_names[n] = pp_str(p, &t);
        in->operand_line[n] = t.line;
        in->operand_col[n] = t.col;
        in->n_operands++;
        if (p->tok.k != PG_T_COMMA) break;
        pp_next(p);
    }
}

/* int_list: `{a,b,...}` into in->attr (max PG_MAX_RANK entries) */
static int int_list(pg_parser *p, int64_t *out) {
    int n = 0;
    pp_expect(p, PG_T_LBRACE, "'{' opening a dimension list");
    while (p->tok.k != PG_T_RBRACE) {
        if (n == PG_MAX_RANK) pp_fail(p, p->tok.line, p->tok.col, "more than %d dimensions", PG_MAX_RANK);
        out[n++] = pp_int(p, "a dimension number");
        if (p->tok.k != PG_T_COMMA) break;
        pp_next(p);
    }
    pp_expect(p, PG_T_RBRACE, "'}' closing the dimension list");
    return n;
}

/* slice_attr: `{[start:limit(:stride)?], ...}` into attr as all starts,
 * all limits, all strides (stride 1 when omitted) */
static void slice_attr(pg_parser *p, pg_instr *in) {
    int64_t lo[PG_MAX_RANK], hi[PG_MAX_RANK], st[PG_MAX_RANK];
    int n = 0;
    pp_expect(p, PG_T_LBRACE, "'{' opening the slice list");
    while (p->tok.k == PG_T_LBRACK) {
        if (n == PG_MAX_RANK) pp_fail(p, p->tok.line, p->tok.col, "more than %d dimensions", PG_MAX_RANK);
        pp_next(p);
        lo[n] = pp_int(p, "a slice start");
        pp_expect(p, PG_T_COLON, "':' after the slice start");
        hi[n] = pp_int(p, "a slice limit");
        st[n] = 1;
        if (p->tok.k == PG_T_COLON) { pp_next(p); st[n] = pp_int(p, "a slice stride"); }
        pp_expect(p, PG_T_RBRACK, "']' closing the slice");
        n++;
        if (p->tok.k != PG_T_COMMA) break;
        pp_next(p);
    }
    pp_expect(p, PG_T_RBRACE, "'}' closing the slice list");
    for (int d = 0; d < n; d++) { in->attr[d] = lo[d]; in->attr[n + d] = hi[d]; in->attr[2 * n + d] = st[d]; }
    in->n_attr = 3 * n;
    in->has_dims = 1;
}

/* contiguous_text: the tokens of one attribute value written without
 * spaces ("0_1x2_3"), consumed; returns its length, text in *out */
static size_t contiguous_text(pg_parser *p, const char **out) {
    const char *s = p->tok.s, *e = s;
    while ((p->tok.k == PG_T_NUM || p->tok.k == PG_T_IDENT || p->tok.k == PG_T_OTHER) && p->tok.s == e && !p->tok.pct) {
        e = p->tok.s + p->tok.n;
        pp_next(p);
    }
    *out = s;
    return (size_t)(e - s);
}

/* padding_attr: `lo_hi[_interior]x...` into attr as lows, highs, interiors */
static void padding_attr(pg_parser *p, pg_instr *in, const pg_token *k) {
    int64_t v[PG_MAX_RANK][3];
    int n = 0;
    const char *s;
    size_t len = contiguous_text(p, &s);
    const char *q = s, *e = s + len;
    while (q < e) {
        if (n == PG_MAX_RANK) pp_fail(p, k->line, k->col, "more than %d dimensions", PG_MAX_RANK);
        int parts = 0;
        v[n][2] = 0;
        while (q < e && *q != 'x' && parts < 3) {
            if (*q == '-') pp_fail(p, k->line, k->col, "negative padding is not supported");
            int64_t x = 0;
            int nd = 0;
            while (q < e && *q >= '0' && *q <= '9' && nd < 12) { x = x * 10 + (*q++ - '0'); nd++; }
            if (!nd) pp_fail(p, k->line, k->col, "malformed padding '%.*s' (expected low_high_interior per dimension)", (int)(len > 60 ? 60 : len), s);
            v[n][parts++] = x;
            if (q < e && *q == '_') q++;
        }
        if (parts < 2) pp_fail(p, k->line, k->col, "malformed padding '%.*s' (expected low_high_interior per dimension)", (int)(len > 60 ? 60 : len), s);
        n++;
        if (q < e && *q == 'x') q++;
    }
    for (int d = 0; d < n; d++) { in->attr[d] = v[d][0]; in->attr[n + d] = v[d][1]; in->attr[2 * n + d] = v[d][2]; }
    in->n_attr = 3 * n;
    in->has_dims = 1;
}

/* the dimension lists kept in in->dl->v, by attribute name */
static const char *const DIM_LISTS[] = {
    "lhs_batch_dims", "rhs_batch_dims", "lhs_contracting_dims", "rhs_contracting_dims", NULL, NULL,
    "offset_dims", "collapsed_slice_dims", "start_index_map", "slice_sizes", NULL, NULL,
    "update_window_dims", "inserted_window_dims", "scatter_dims_to_operand_dims", NULL, NULL, NULL};

static void attribute(pg_parser *p, pg_instr *in) {
    char b[80];
    pg_token k = pp_expect(p, PG_T_IDENT, "an attribute name");
    pp_expect(p, PG_T_EQ, "'=' after the attribute name");
    int64_t tmp[PG_MAX_RANK];
    for (int i = 0; i < 18; i++)
        if (DIM_LISTS[i] && pg_tok_is(&k, DIM_LISTS[i])) {
            if (!in->dl) in->dl = pp_alloc(p, sizeof *in->dl);
            in->dl->n[i % 6] = int_list(p, in->dl->v[i % 6]);
            in->has_dl |= 1 << (i % 6);
            return;
        }
    if (pg_tok_is(&k, "dimensions") || pg_tok_is(&k, "dynamic_slice_sizes")) {
        in->n_attr = int_list(p, in->attr);
        in->has_dims = 1;
    } else if (pg_tok_is(&k, "operand_batching_dims") || pg_tok_is(&k, "start_indices_batching_dims") ||
               pg_tok_is(&k, "input_batching_dims") || pg_tok_is(&k, "scatter_indices_batching_dims")) {
        if (int_list(p, tmp) != 0)
            pp_fail(p, k.line, k.col, "%.*s (batched gather/scatter) is not supported", (int)k.n, k.s);
    } else if (pg_tok_is(&k, "index_vector_dim")) {
        if (!in->dl) in->dl = pp_alloc(p, sizeof *in->dl);
        in->dl->ivd = pp_int(p, "the index vector dimension");
        in->has_fn |= 2;
    } else if (pg_tok_is(&k, "index") && in->op == PG_OP_GET_TUPLE_ELEMENT) {
        in->param_index = pp_int(p, "a tuple index");
        in->has_dims = 1;
    } else if (pg_tok_is(&k, "iota_dimension")) {
        in->attr[0] = pp_int(p, "the iota dimension");
        in->n_attr = 1;
        in->has_dims = 1;
    } else if (pg_tok_is(&k, "exponent_bits") || pg_tok_is(&k, "mantissa_bits")) {
        in->attr[k.s[0] == 'm'] = pp_int(p, "a bit count");
        in->has_dims |= k.s[0] == 'm' ? 2 : 1;
        in->n_attr = 2;
    } else if (pg_tok_is(&k, "slice")) {
        slice_attr(p, in);
    } else if (pg_tok_is(&k, "padding")) {
        padding_attr(p, in, &k);
    } else if (pg_tok_is(&k, "direction")) {
        pg_token t = pp_expect(p, PG_T_IDENT, "a comparison direction");
        int fn;
        if (!pg_fn_from_name(PG_OP_COMPARE, t.s, t.n, &fn))
            pp_fail(p, t.line, t.col, "unknown comparison direction %s (EQ, NE, LT, LE, GT, GE)", pg_tok_desc(&t, b, sizeof b));
        in->fn = (in->fn & PG_CMP_TOTAL) | fn;
        in->has_fn |= 1;
    } else if (pg_tok_is(&k, "type") && in->op == PG_OP_COMPARE) {
        pg_token t = pp_expect(p, PG_T_IDENT, "a comparison type");
        if (pg_tok_is(&t, "TOTALORDER")) in->fn |= PG_CMP_TOTAL;
        else if (!pg_tok_is(&t, "FLOAT") && !pg_tok_is(&t, "SIGNED") && !pg_tok_is(&t, "UNSIGNED"))
            pp_fail(p, t.line, t.col, "unsupported comparison type %s (FLOAT, TOTALORDER, SIGNED, UNSIGNED)", pg_tok_desc(&t, b, sizeof b));
    } else if (pg_tok_is(&k, "to_apply") || pg_tok_is(&k, "calls")) {
        pg_token t = pp_expect(p, PG_T_IDENT, "a computation name");
        in->to_apply_name = pp_str(p, &t);
    } else {
        pp_skip_value(p);
    }
}

/* check_arity: the operand count is fixed per opcode (as in XLA's parser);
 * checked here so no later stage reads past the operand array */
static void check_arity(pg_parser *p, const pg_instr *in) {
    int want = pg_op_arity(in->op);
    if (want == -1 && in->n_operands == 0)
        pp_fail(p, in->op_line, in->op_col, "%s expects at least 1 operand, found 0", pg_op_name(in->op));
    if (want >= 0 && in->n_operands != want)
        pp_fail(p, in->op_line, in->op_col, "%s expects %d operand%s, found %d", pg_op_name(in->op), want,
                want == 1 ? "" : "s", in->n_operands);
}

void pp_instr(pg_parser *p, pg_comp *c) {
    char b[80];
    pg_instr *in = pp_alloc(p, sizeof *in);
    int is_root = 0;
    if (pg_tok_is(&p->tok, "ROOT")) {
        pg_token t2 = pp_peek2(p);
        if (t2.k == PG_T_IDENT) { is_root = 1; pp_next(p); }
    }
    in->line = p->tok.line; in->col = p->tok.col;
    pg_token nm = pp_expect(p, PG_T_IDENT, "an instruction name");
    pp_limit_instr(p, &nm);
    in->name = pp_str(p, &nm);
    pp_expect(p, PG_T_EQ, "'=' after the instruction name");
    pp_shape(p, &in->shape, &in->tuple_shapes, &in->n_tuple);
    in->layout_nondefault = p->layout_nondefault;
    pg_token op = p->tok;
    if (op.k != PG_T_IDENT || op.pct)
        pp_fail(p, op.line, op.col, "expected an op name, found %s", pg_tok_desc(&op, b, sizeof b));
    in->op = pg_op_from_hlo(op.s, op.n);
    /* bitcast of row-major layouts is a reshape (checked in check.c) */
    if (pg_tok_is(&op, "bitcast")) { in->op = PG_OP_RESHAPE; in->is_bitcast = 1; }
    if (in->op == PG_OP_INVALID) {
        char m[256];
        pp_fail(p, op.line, op.col, "%s", pg_hint_op_message(&op, m, sizeof m));
    }
    in->op_line = op.line; in->op_col = op.col;
    if (in->tuple_shapes && in->op != PG_OP_TUPLE && in->op != PG_OP_FUSION && in->op != PG_OP_CALL)
        pp_fail(p, op.line, op.col, "%s with a tuple shape (several results) is not supported; only tuple, fusion and call may return a tuple",
                pg_op_name(in->op));
    if (!in->tuple_shapes && in->op == PG_OP_TUPLE)
        pp_fail(p, op.line, op.col, "tuple needs a tuple shape such as (f32[4], f32[2])");
    pp_next(p);
    pp_expect(p, PG_T_LPAREN, "'(' after the op name");
    if (in->op == PG_OP_PARAMETER) {
        in->param_index = pp_int(p, "a parameter number");
    } else if (in->op == PG_OP_CONSTANT) {
        int cap = 0;
        literal(p, in, &cap, 0);
    } else {
        operands(p, in);
        check_arity(p, in);
    }
    pp_expect(p, PG_T_RPAREN, "')' closing the operand list");
    while (p->tok.k == PG_T_COMMA) {
        pp_next(p);
        attribute(p, in);
    }
    if (is_root) {
        if (c->root) pp_fail(p, in->line, in->col, "computation '%s' has two ROOT instructions", c->name);
        c->root = in;
    }
    c->instrs[c->n_instrs++] = in;
}
