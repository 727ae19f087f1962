/* check.c - semantic checks of a parsed HLO module: name resolution,
 * topological order, parameters, reduce bodies and shapes. */
#include "parser_int.h"
#include <stdio.h>
#include <string.h>

static pg_instr *find_instr(pg_comp *c, const char *name) {
    for (int i = 0; i < c->n_instrs; i++)
        if (strcmp(c->instrs[i]->name, name) == 0) return c->instrs[i];
    return NULL;
}

static void resolve(pg_parser *p, pg_comp *c) {
    for (int i = 0; i < c->n_instrs; i++) {
        pg_instr *in = c->instrs[i];
        for (int j = 0; j < i; j++)
            if (strcmp(c->instrs[j]->name, in->name) == 0)
                pp_fail(p, in->line, in->col, "duplicate instruction name '%s'", in->name);
        if (in->n_operands) in->operands = pp_alloc(p, sizeof(pg_instr *) * (size_t)in->n_operands);
        for (int k = 0; k < in->n_operands; k++) {
            in->operands[k] = find_instr(c, in->operand_names[k]);
            if (!in->operands[k])
                pp_fail(p, in->operand_line[k], in->operand_col[k], "unknown operand '%s' in computation '%s'",
                        in->operand_names[k], c->name);
        }
        if (in->to_apply_name) {
            for (int k = 0; k < p->m->n_comps; k++)
                if (strcmp(p->m->comps[k]->name, in->to_apply_name) == 0) in->to_apply = p->m->comps[k];
            if (!in->to_apply)
                pp_fail(p, in->op_line, in->op_col, "unknown computation '%s' in to_apply", in->to_apply_name);
        }
    }
    if (!c->root) c->root = c->instrs[c->n_instrs - 1];
}

/* iterative DFS post-order; mark: 0 new, 1 on stack, 2 done */
static void topo(pg_parser *p, pg_comp *c) {
    c->order = pp_alloc(p, sizeof(pg_instr *) * (size_t)c->n_instrs);
    pg_instr **stack = pp_alloc(p, sizeof(pg_instr *) * (size_t)c->n_instrs);
    int *next = pp_alloc(p, sizeof(int) * (size_t)c->n_instrs);
    for (int i = 0; i < c->n_instrs; i++) c->instrs[i]->mark = 0;
    for (int i = 0; i < c->n_instrs; i++) {
        if (c->instrs[i]->mark) continue;
        int sp = 0;
        stack[sp] = c->instrs[i]; next[sp] = 0; sp++;
        c->instrs[i]->mark = 1;
        while (sp) {
            pg_instr *top = stack[sp - 1];
            if (next[sp - 1] < top->n_operands) {
                pg_instr *o = top->operands[next[sp - 1]++];
                if (o->mark == 1)
                    pp_fail(p, top->line, top->col, "cycle through '%s' and '%s'", top->name, o->name);
                if (o->mark == 0) { o->mark = 1; stack[sp] = o; next[sp] = 0; sp++; }
            } else {
                top->mark = 2;
                c->order[c->n_order++] = top;
                sp--;
            }
        }
    }
}

static void params(pg_parser *p, pg_comp *c) {
    int64_t n = 0;
    for (int i = 0; i < c->n_instrs; i++) if (c->instrs[i]->op == PG_OP_PARAMETER) n++;
    for (int i = 0; i < c->n_instrs; i++) {
        pg_instr *in = c->instrs[i];
        if (in->op != PG_OP_PARAMETER) continue;
        if (in->param_index >= n)
            pp_fail(p, in->op_line, in->op_col, "parameter(%lld) out of range: computation '%s' has %lld parameters",
                    (long long)in->param_index, c->name, (long long)n);
        for (int j = 0; j < i; j++)
            if (c->instrs[j]->op == PG_OP_PARAMETER && c->instrs[j]->param_index == in->param_index)
                pp_fail(p, in->op_line, in->op_col, "parameter(%lld) declared twice", (long long)in->param_index);
    }
}

static int is_add_body(const pg_comp *c) {
    const pg_instr *r = c->root;
    int np = 0;
    for (int i = 0; i < c->n_instrs; i++) {
        const pg_instr *in = c->instrs[i];
        if (in->op == PG_OP_PARAMETER) {
            np++;
            if (in->shape.rank != 0) return 0;
        }
    }
    if (np != 2 || r->op != PG_OP_ADD || r->shape.rank != 0) return 0;
    const pg_instr *a = r->operands[0], *b = r->operands[1];
    return a->op == PG_OP_PARAMETER && b->op == PG_OP_PARAMETER && a->param_index != b->param_index;
}

static void check_instr(pg_parser *p, pg_comp *c, pg_instr *in) {
    char a[160], b[160], err[320];
    for (int k = 0; k < in->n_operands; k++)
        if (in->operands[k]->op == PG_OP_TUPLE)
            pp_fail(p, in->operand_line[k], in->operand_col[k], "tuple '%s' can only be the ENTRY ROOT",
                    in->operands[k]->name);
    switch (in->op) {
    case PG_OP_PARAMETER: return;
    case PG_OP_CONSTANT:
        if (in->n_literal != pg_shape_numel(&in->shape))
            pp_fail(p, in->op_line, in->op_col, "constant has %lld values but %s needs %lld",
                    (long long)in->n_literal, pg_shape_str(&in->shape, a, sizeof a),
                    (long long)pg_shape_numel(&in->shape));
        return;
    case PG_OP_TUPLE:
        if (!c->is_entry || c->root != in)
            pp_fail(p, in->op_line, in->op_col, "tuple is only supported as the ENTRY ROOT");
        if (in->n_tuple != in->n_operands || in->n_operands == 0)
            pp_fail(p, in->op_line, in->op_col, "tuple shape has %d elements but %d operands", in->n_tuple, in->n_operands);
        for (int k = 0; k < in->n_operands; k++)
            if (!pg_shape_eq(&in->tuple_shapes[k], &in->operands[k]->shape))
                pp_fail(p, in->operand_line[k], in->operand_col[k], "shape mismatch: tuple element %d declared %s but '%s' is %s",
                        k, pg_shape_str(&in->tuple_shapes[k], a, sizeof a), in->operands[k]->name,
                        pg_shape_str(&in->operands[k]->shape, b, sizeof b));
        return;
    case PG_OP_REDUCE:
        if (!in->to_apply) pp_fail(p, in->op_line, in->op_col, "reduce needs to_apply=<computation>");
        if (in->to_apply->is_entry || !is_add_body(in->to_apply))
            pp_fail(p, in->op_line, in->op_col, "unsupported reduce computation '%s' (only a scalar add of its two parameters is supported)",
                    in->to_apply->name);
        /* fall through */
    case PG_OP_BROADCAST: case PG_OP_TRANSPOSE:
        if (!in->has_dims) pp_fail(p, in->op_line, in->op_col, "%s needs dimensions={...}", pg_op_name(in->op));
        break;
    case PG_OP_DOT:
        if (!in->has_lhs_c || !in->has_rhs_c)
            pp_fail(p, in->op_line, in->op_col, "dot needs lhs_contracting_dims and rhs_contracting_dims");
        in->n_attr = 2;
        break;
    default: break;
    }
    pg_shape ins[2], out = in->shape;
    int nin = in->n_operands;
    if (nin > 2) pp_fail(p, in->op_line, in->op_col, "%s takes at most 2 operands, got %d", pg_op_name(in->op), nin);
    for (int k = 0; k < nin; k++) ins[k] = in->operands[k]->shape;
    if (!pg_infer_shape(in->op, ins, nin, in->attr, in->n_attr, &out, err, sizeof err))
        pp_fail(p, in->op_line, in->op_col, "shape mismatch: %s", err);
    if (!pg_shape_eq(&out, &in->shape))
        pp_fail(p, in->op_line, in->op_col, "shape mismatch: '%s' is declared %s but %s of its operands gives %s",
                in->name, pg_shape_str(&in->shape, a, sizeof a), pg_op_name(in->op), pg_shape_str(&out, b, sizeof b));
}

void pp_check_module(pg_parser *p) {
    pg_module *m = p->m;
    for (int i = 0; i < m->n_comps; i++) {
        resolve(p, m->comps[i]);
        topo(p, m->comps[i]);
        params(p, m->comps[i]);
    }
    for (int i = 0; i < m->n_comps; i++) {
        pg_comp *c = m->comps[i];
        for (int k = 0; k < c->n_order; k++) check_instr(p, c, c->order[k]);
    }
}

int pg_module_params(const pg_module *m, pg_instr **out, int cap, int *count) {
    int n = 0;
    for (int i = 0; i < m->entry->n_instrs; i++) if (m->entry->instrs[i]->op == PG_OP_PARAMETER) n++;
    *count = n;
    if (n > cap) return 0;
    for (int i = 0; i < m->entry->n_instrs; i++) {
        pg_instr *in = m->entry->instrs[i];
        if (in->op == PG_OP_PARAMETER) out[in->param_index] = in;
    }
    return 1;
}

pg_instr **pg_root_outputs(const pg_module *m, int *n) {
    pg_instr *r = m->entry->root;
    if (r->op == PG_OP_TUPLE) { *n = r->n_operands; return r->operands; }
    *n = 1;
    return &m->entry->root;
}
