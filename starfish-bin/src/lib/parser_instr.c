/* parser_instr.c - one HLO instruction: name, shape, opcode, operands,
 * literals and the attributes the subset uses (others are skipped). */
#include "parser_int.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static float parse_float(pg_parser *p) {
    char b[80];
    pg_token t = p->tok;
    if (t.k != PG_T_NUM || t.n >= 64)
        pp_fail(p, t.line, t.col, "expected a number, found %s", pg_tok_desc(&t, b, sizeof b));
    char tmp[64];
    memcpy(tmp, t.s, t.n);
    tmp[t.n] = 0;
    char *end = NULL;
    float v = strtof(tmp, &end);
    if (!end || *end) pp_fail(p, t.line, t.col, "malformed number %s", pg_tok_desc(&t, b, sizeof b));
    pp_next(p);
    return v;
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
    pp_grow(p, (void **)&in->literal, cap, (int)in->n_literal, sizeof *in->literal);
    in->literal[in->n_literal++] = parse_float(p);
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

static void attribute(pg_parser *p, pg_instr *in) {
    pg_token k = pp_expect(p, PG_T_IDENT, "an attribute name");
    pp_expect(p, PG_T_EQ, "'=' after the attribute name");
    int64_t tmp[PG_MAX_RANK];
    if (pg_tok_is(&k, "dimensions")) {
        in->n_attr = int_list(p, in->attr);
        in->has_dims = 1;
    } else if (pg_tok_is(&k, "lhs_contracting_dims") || pg_tok_is(&k, "rhs_contracting_dims")) {
        int lhs = k.s[0] == 'l';
        int n = int_list(p, tmp);
        if (n != 1) pp_fail(p, k.line, k.col, "dot supports exactly one contracting dimension per side");
        in->attr[lhs ? 0 : 1] = tmp[0];
        if (lhs) in->has_lhs_c = 1; else in->has_rhs_c = 1;
    } else if (pg_tok_is(&k, "lhs_batch_dims") || pg_tok_is(&k, "rhs_batch_dims")) {
        if (int_list(p, tmp) != 0) pp_fail(p, k.line, k.col, "dot batch dimensions are not supported");
    } else if (pg_tok_is(&k, "iota_dimension")) {
        in->attr[0] = pp_int(p, "the iota dimension");
        in->n_attr = 1;
        in->has_dims = 1;
    } else if (pg_tok_is(&k, "slice")) {
        slice_attr(p, in);
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
    if (in->op == PG_OP_INVALID)
        pp_fail(p, op.line, op.col, "unsupported op %s (supported: %s)", pg_tok_desc(&op, b, sizeof b),
                pg_supported_ops());
    in->op_line = op.line; in->op_col = op.col;
    if (in->tuple_shapes && in->op != PG_OP_TUPLE)
        pp_fail(p, op.line, op.col, "only tuple may have a tuple shape");
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
